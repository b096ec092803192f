import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/test-app.ts';
import { preSales, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../problem-errors.ts';
import type { DatabaseHandle } from './database.ts';
import { OwnedRepository } from './owned-repository.ts';

/** Purchased credit as a plain owned table: the base class alone, no special queries. */
class CreditRepository extends OwnedRepository<typeof preSales> {}

let database: { handle: DatabaseHandle; drop(): Promise<void> };
let credit: CreditRepository;
let mine: string;
let theirs: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.handle.migrate();
  const { db } = database.handle;
  credit = new CreditRepository(db, {
    table: preSales,
    owner: preSales.ownerId,
    id: preSales.uuid,
    collection: {
      filters: { purchased_at: { kind: 'date', column: preSales.purchasedAt } },
      order: { purchased_at: preSales.purchasedAt },
      defaultOrder: [desc(preSales.purchasedAt), desc(preSales.uuid)],
    },
  });
  const [me, them] = await db
    .insert(users)
    .values([
      { email: 'owner@example.test', passwordHash: 'x' },
      { email: 'other@example.test', passwordHash: 'x' },
    ])
    .returning();
  mine = me!.id;
  theirs = them!.id;
});

afterAll(async () => {
  await database.drop();
});

const row = (ownerId: string, day: string) => ({
  ownerId,
  creditPurchased: '10.00',
  creditAvailable: '10.00',
  purchasedAt: new Date(`2026-01-${day}T10:00:00Z`),
});

describe('OwnedRepository', () => {
  it('lists, finds, updates and deletes only the owner’s rows', async () => {
    const first = await credit.insert(row(mine, '01'));
    await credit.insert(row(mine, '02'));
    const foreign = await credit.insert(row(theirs, '03'));

    const page = await credit.list(mine, { itemsPerPage: 1, page: 2 });
    expect(page).toMatchObject({ total: 2, page: 2, itemsPerPage: 1 });
    expect(page.items.map((item) => item.uuid)).toEqual([first.uuid]);

    expect(await credit.findOwned(mine, foreign.uuid)).toBeUndefined();
    expect(await credit.update(mine, foreign.uuid, { creditAvailable: '0.00' })).toBeUndefined();
    expect(await credit.delete(mine, foreign.uuid)).toBe(false);
    expect((await credit.findOwned(theirs, foreign.uuid))?.creditAvailable).toBe('10.00');

    expect(
      (await credit.update(mine, first.uuid, { creditAvailable: '1.50' }))?.creditAvailable,
    ).toBe('1.50');
    expect(await credit.delete(mine, first.uuid)).toBe(true);
    expect((await credit.list(mine, {})).total).toBe(1);
  });

  it('reads the collection’s filters, and a bad filter value is a 400 problem', async () => {
    const after = await credit.list(mine, { 'purchased_at[after]': '2026-01-02' });
    expect(after.items).toHaveLength(1);
    await expect(credit.list(mine, { 'purchased_at[after]': '2026-02-30' })).rejects.toSatisfy(
      (error) => error instanceof HttpProblem && error.status === 400,
    );
  });
});
