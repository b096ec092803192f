import { eq } from 'drizzle-orm';
import { codiceFiscaleCheckLetter } from '@fiscus/fatturapa/fields';
import type { ExpenseRequest, ExpenseType } from '@fiscus/contracts';
import { itTsExpenses, users } from '../../db/schema/index.ts';
import { romeClock } from '../../gateways/ade-receipts/rome-clock.ts';
import { SandboxSistemaTsGateway, TS_SCENARIOS } from '../../gateways/sistema-ts/sandbox.ts';
import { databaseTsStore } from '../../gateways/sistema-ts/sandbox-store.ts';
import { DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { ExpenseSender } from '../it/expenses/expense-sending.ts';
import { ExpensesRepository } from '../it/expenses/expenses.repository.ts';
import { ExpensesService } from '../it/expenses/expenses.service.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { generator } from './demo-plan.ts';

/**
 * The Sistema TS expenses of the demo history: ALPHA SRL's shop has a parapharmacy corner, and
 * for the last two months sent the health expenses of its customers who asked for them (medicines,
 * medical devices, the odd blood-pressure check), one at a time during the day or as the day's
 * batch in the evening. Most are accepted; a check paid in cash comes back with the warning that
 * it is not deductible, one customer's code is not in the tax registry, once a receipt was sent
 * twice and refused as a duplicate, and one expense sent for the wrong customer was cancelled. Every expense goes through the real service and the
 * Sistema TS sandbox under the history's clock, so each protocol and receipt is of its day.
 */

const DAYS = 60;
const HOUR = 3_600_000;

/** The shop's customers who give their codice fiscale (one opposed to sending it). */
const CUSTOMERS = [
  'RSSMRA80A01H501',
  'BNCGPP70E41H501',
  'VRDLGU75C12F205',
  'FRRNNA62M55F205',
  'CLMLCU91T10L219',
  'GLLSFN85R48A944',
].map((first15) => first15 + codiceFiscaleCheckLetter(first15));

const PRODUCTS: readonly { type: ExpenseType; min: number; max: number }[] = [
  { type: 'FC', min: 450, max: 3_890 },
  { type: 'FC', min: 690, max: 2_450 },
  { type: 'AD', min: 1_290, max: 8_900 },
  { type: 'AS', min: 500, max: 1_500 },
];

export async function seedDemoExpensesHistory(options: {
  db: Database;
  files: FileStore;
  now: Date;
  seed?: number;
}): Promise<{ expenses: number }> {
  const { db } = options;
  const [owner] = await db.select().from(users).where(eq(users.email, 'italy@demo.fiscus.test'));
  if (!owner) return { expenses: 0 };
  // Seeded once: expenses already there (a second run) are left as they are.
  const [existing] = await db
    .select({ uuid: itTsExpenses.uuid })
    .from(itTsExpenses)
    .where(eq(itTsExpenses.ownerId, owner.id))
    .limit(1);
  if (existing) return { expenses: 0 };

  const actor: Actor = { user: owner, roles: owner.roles, impersonator: null };
  const clock = { now: options.now };
  const at = () => clock.now;
  const runner = new DemoJobRunner();
  const repository = new ExpensesRepository(db);
  new ExpenseSender({
    repository,
    gateway: new SandboxSistemaTsGateway({ store: databaseTsStore(db), processingDelayMs: 0 }),
    jobs: runner.asQueue,
    files: options.files,
    logger: { info: () => undefined, warn: () => undefined } as never,
    delayMs: 0,
    clock: at,
  }).registerJobs(runner.asWorker);
  // The webhooks of the history's expenses are not delivered: no configuration listens yet.
  runner.register('webhooks.dispatch', async () => undefined);
  const service = new ExpensesService({
    db,
    repository,
    jobs: runner.asQueue,
    files: options.files,
    delayMs: 0,
    clock: at,
  });
  const random = generator(options.seed ?? 730);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const today = romeClock(options.now).day;
  let number = 0;
  let made = 0;
  let sentTwice = false;
  let cancelled = false;
  let unknownSent = false;

  for (let back = DAYS; back >= 1; back -= 1) {
    const day = new Date(Date.parse(`${today}T08:00:00Z`) - back * 24 * HOUR);
    if (day.getUTCDay() === 0 || random() < 0.4) continue;
    const date = romeClock(day).day;
    const count = 1 + Math.floor(random() * 3);
    const expenses: ExpenseRequest[] = Array.from({ length: count }, () => {
      const product = pick(PRODUCTS);
      const cents = product.min + Math.floor(random() * (product.max - product.min));
      number += 1;
      const customer =
        !unknownSent && back < 40 && random() < 0.1 ? TS_SCENARIOS.unknownCitizen : pick(CUSTOMERS);
      if (customer === TS_SCENARIOS.unknownCitizen) unknownSent = true;
      const opposed = customer === CUSTOMERS[5];
      return {
        codice_fiscale_proprietario: DEMO_OWN_COMPANY.vat,
        codice_fiscale_cittadino: opposed ? null : customer,
        flag_opposizione: opposed,
        amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        expense_type: product.type,
        // A pharmacy check paid in cash now and then: not deductible, Sistema TS warns.
        payment_tracked: !(product.type === 'AS' && random() < 0.5),
        document_type: 'D',
        document_number: `DC${date.slice(0, 4)}-${String(number).padStart(4, '0')}`,
        document_date: date,
        payment_date: date,
      };
    });
    // One a day goes out at the till; on busy days the rest leave as the evening's batch.
    clock.now = new Date(day.getTime() + (1 + random() * 3) * HOUR);
    const [first, ...rest] = expenses;
    if (first) {
      await service.create(actor, first);
      made += 1;
      await runner.run();
    }
    if (rest.length > 0) {
      clock.now = new Date(day.getTime() + 10 * HOUR);
      await service.createBatch(actor, { expenses: rest });
      made += rest.length;
      await runner.run();
    }
    if (!cancelled && back < 30 && first) {
      // A receipt issued to the wrong customer: its expense is cancelled at Sistema TS.
      const [latest] = (await service.list(actor, { itemsPerPage: 1, page: 1 })).items;
      if (latest && (latest.status === 'success' || latest.status === 'warning')) {
        clock.now = new Date(day.getTime() + 10.5 * HOUR);
        await service.cancel(actor, latest.uuid);
        await runner.run();
        cancelled = true;
      }
    }
    if (!sentTwice && back < 20 && first) {
      // The till sent the morning's receipt again: Sistema TS refuses the duplicate.
      clock.now = new Date(day.getTime() + 11 * HOUR);
      await service.create(actor, first);
      made += 1;
      sentTwice = true;
      await runner.run();
    }
  }
  return { expenses: made };
}
