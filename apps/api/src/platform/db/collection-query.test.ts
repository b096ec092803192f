import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { preSaleActions, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../problem-errors.ts';
import { parseCollectionQuery, parseDate } from './collection-query.ts';

const definition = {
  filters: { email: { kind: 'partial' as const, column: users.email } },
  order: { email: users.email },
  defaultOrder: [desc(users.createdAt)],
};

describe('parseCollectionQuery', () => {
  it('defaults to page 1 of 30 and clamps itemsPerPage to 100', () => {
    expect(parseCollectionQuery({}, definition)).toMatchObject({
      page: 1,
      itemsPerPage: 30,
      offset: 0,
      where: undefined,
    });
    expect(parseCollectionQuery({ page: '3', itemsPerPage: '500' }, definition)).toMatchObject({
      page: 3,
      itemsPerPage: 100,
      offset: 200,
    });
    expect(
      parseCollectionQuery({ order: 'ignored', unknown: 'x' }, definition).orderBy,
    ).toHaveLength(1);
    expect(parseCollectionQuery({ 'order[email]': 'DESC' }, definition).orderBy).toHaveLength(2);
  });

  it('rejects bad values with a 400 problem listing them', () => {
    try {
      parseCollectionQuery({ page: '0', itemsPerPage: 'ten', 'order[email]': 'up' }, definition);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpProblem);
      const problem = (error as HttpProblem).toProblem();
      expect(problem.status).toBe(400);
      expect(problem.violations?.map((v) => v.propertyPath)).toEqual([
        'page',
        'itemsPerPage',
        'order[email]',
      ]);
    }
  });
});

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

function violationsOf(query: Record<string, string | string[]>, of = filtered): string[] {
  try {
    parseCollectionQuery(query, of);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpProblem);
    return (error as HttpProblem).toProblem().violations?.map((v) => v.propertyPath) ?? [];
  }
  return [];
}

const filtered = {
  filters: {
    id: { kind: 'uuid' as const, column: users.id },
    pre_sale_uuid: { kind: 'exact' as const, column: preSaleActions.preSaleUuid },
    email: { kind: 'exact' as const, column: users.email },
    created_at: { kind: 'date' as const, column: users.createdAt },
  },
  defaultOrder: [desc(users.createdAt)],
};

describe('uuid filters', () => {
  it('refuses text that is not a uuid before it reaches a uuid column', () => {
    expect(violationsOf({ id: 'abc' })).toEqual(['id']);
    expect(violationsOf({ 'id[]': [UUID, 'abc'] })).toEqual(['id']);
    // An exact filter on a uuid column is checked the same way.
    expect(violationsOf({ pre_sale_uuid: '1' })).toEqual(['pre_sale_uuid']);
    expect(violationsOf({ 'pre_sale_uuid[]': `${UUID}'--` })).toEqual(['pre_sale_uuid']);
  });

  it('accepts uuids in any case, and leaves exact text filters alone', () => {
    expect(violationsOf({ id: UUID, 'id[]': UUID.toUpperCase(), pre_sale_uuid: UUID })).toEqual([]);
    expect(parseCollectionQuery({ id: UUID }, filtered).where).toBeDefined();
    expect(violationsOf({ email: 'not-a-uuid' })).toEqual([]);
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['2026-01-31T10:30', '2026-01-31T10:30:00.000Z'],
    ['2026-01-31 10:30:15', '2026-01-31T10:30:15.000Z'],
    ['2026-01-31T10:30:15.1234Z', '2026-01-31T10:30:15.123Z'],
    ['2026-01-31T00:30:00+01:00', '2026-01-30T23:30:00.000Z'],
    ['2026-01-31T23:30:00-0530', '2026-02-01T05:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['0099-03-01', '0099-03-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
  ])('reads %s as %s', (value, iso) => {
    expect(parseDate(value)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-02-30',
    '2026-13-45',
    '2025-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-01-00',
    '0000-01-01',
    '0001-01-01T00:00+01:00',
    '2026-01-31T24:00',
    '2026-01-31T23:60',
    '2026-01-31T23:59:60',
    '2026-01-31T10:00+19:00',
    '2026-01-31T10:00+01:60',
    '2026-1-31',
    '2026-01-31T10',
    '2026-01-31T10:00:00.1234567890Z',
    '20260131',
    'yesterday',
    '',
  ])('refuses %s', (value) => {
    expect(parseDate(value)).toBeUndefined();
  });

  it('refuses impossible dates in a date filter with a 400 naming the parameter', () => {
    expect(violationsOf({ 'created_at[after]': '2026-02-30' })).toEqual(['created_at[after]']);
    expect(violationsOf({ 'created_at[before]': '2026-02-28' })).toEqual([]);
  });
});
