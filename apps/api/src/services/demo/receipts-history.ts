import { and, eq } from 'drizzle-orm';
import {
  hundredthsText,
  lineTotals,
  readLine,
  toCents,
  type ReceiptItemInput,
} from '@fiscus/smart-receipts';
import { itReceipts, users } from '../../db/schema/index.ts';
import { SandboxAdeReceiptsGateway } from '../../gateways/ade-receipts/sandbox.ts';
import { databaseCounter } from '../../gateways/ade-receipts/sandbox-counter.ts';
import { romeClock } from '../../gateways/ade-receipts/rome-clock.ts';
import { DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { RECEIPT_SEND_JOB, ReceiptSender } from '../it/receipts/receipt-sending.ts';
import { ReceiptsRepository } from '../it/receipts/receipts.repository.ts';
import { ReceiptsService } from '../it/receipts/receipts.service.ts';
import { composeTaxPortal } from '../it/tax-drawer/compose.ts';
import { generator } from './demo-plan.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { configOf, type SealingConfig } from './tax-portal-history.ts';

/**
 * The smart receipts of the demo history: ALPHA SRL (italy@'s own company, receipts enabled, its
 * Fisconline credentials stored) ran a small shop for the last two months, Monday to Saturday,
 * a few sales a day paid in cash, by card or with meal vouchers, with the odd discount, gift,
 * lottery code and payment rounding; now and then a customer brought something back a few days
 * later, a sale was voided within the hour, and once the Agenzia refused the credentials as
 * expired. Every receipt goes through the real service and the Agenzia's sandbox under the
 * history's clock, so each is numbered on its own day. Needs the credentials stored first.
 */

const DAYS = 60;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** What the shop sells; a small item may be bought by two or three. */
const CATALOGUE = [
  { description: 'Caffè espresso', price: '1.20', vat: '10', small: true },
  { description: 'Cappuccino', price: '1.60', vat: '10', small: true },
  { description: 'Cornetto', price: '1.30', vat: '10', small: true },
  { description: 'Acqua minerale 0,5 l', price: '1.00', vat: '10', small: true },
  { description: 'Tazza in ceramica', price: '12.90', vat: '22', small: false },
  { description: 'Caffè in grani 1 kg', price: '24.50', vat: '22', small: false },
  { description: 'Moka 3 tazze', price: '29.90', vat: '22', small: false },
  { description: 'Quotidiano', price: '1.70', vat: 'N2', small: true },
  { description: 'Pane integrale', price: '3.40', vat: '4', small: true },
] as const;

/** The sale's total in cents, by the receipts' own arithmetic. */
function totalCents(lines: ReceiptItemInput[]): bigint {
  const figures = lines.flatMap((line, index) => {
    const read = readLine(line, `items[${index}]`);
    return 'figures' in read ? [read.figures] : [];
  });
  return toCents(lineTotals(figures).totalAmount);
}

type Sale = { uuid: string; at: Date };

export async function seedDemoReceiptsHistory(options: {
  db: Database;
  mailer: Mailer;
  now: Date;
  config?: SealingConfig;
  seed?: number;
}): Promise<{ receipts: number }> {
  const { db } = options;
  const [owner] = await db.select().from(users).where(eq(users.email, 'italy@demo.fiscus.test'));
  if (!owner) return { receipts: 0 };
  const fiscalId = DEMO_OWN_COMPANY.vat;
  // Seeded once: receipts already there (a second run) are left as they are.
  const [existing] = await db
    .select({ uuid: itReceipts.uuid })
    .from(itReceipts)
    .where(and(eq(itReceipts.ownerId, owner.id), eq(itReceipts.fiscalId, fiscalId)))
    .limit(1);
  if (existing) return { receipts: 0 };

  const actor: Actor = { user: owner, roles: owner.roles, impersonator: null };
  const clock = { now: options.now };
  const at = () => clock.now;
  const runner = new DemoJobRunner();
  const repository = new ReceiptsRepository(db);
  const { credentials } = composeTaxPortal(db, configOf(options.config), at);
  const sender = new ReceiptSender({
    repository,
    gateway: new SandboxAdeReceiptsGateway({ counter: databaseCounter(db) }),
    credentials,
    jobs: runner.asQueue,
    mailer: options.mailer,
    publicUrl: '',
    logger: { info: () => undefined, warn: () => undefined } as never,
    clock: at,
  });
  runner.register(RECEIPT_SEND_JOB, (payload, job) => sender.handle(payload, job));
  // The webhooks of the history's receipts are not delivered: no configuration listens yet.
  runner.register('webhooks.dispatch', async () => undefined);
  const service = new ReceiptsService({
    db,
    repository,
    jobs: runner.asQueue,
    clock: at,
    retryDelayMs: 0,
  });
  const random = generator(options.seed ?? 2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  const today = romeClock(options.now).day;
  const sales: Sale[] = [];
  const later: { at: Date; run: () => Promise<unknown> }[] = [];
  let made = 0;
  for (let back = DAYS; back >= 1; back -= 1) {
    const day = new Date(Date.parse(`${today}T09:00:00Z`) - back * 24 * HOUR);
    // Closed on Sundays.
    if (day.getUTCDay() === 0) continue;
    const count = 1 + Math.floor(random() * 3);
    for (let n = 0; n < count; n += 1) {
      clock.now = new Date(
        day.getTime() + (n * 3 + random() * 2) * HOUR + Math.floor(random() * 50) * MINUTE,
      );
      // What came due before this sale: a return brought back, a sale voided.
      for (const due of later.splice(0).filter((job) => job.at <= clock.now)) await due.run();
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const product = pick(CATALOGUE);
        const quantity = product.small ? 1 + Math.floor(random() * 3) : 1;
        return {
          quantity: `${quantity}.00`,
          description: product.description,
          unit_price: product.price,
          vat_rate_code: product.vat,
          discount: random() < 0.08 ? '0.50' : null,
          complimentary: random() < 0.04,
        };
      });
      const total = totalCents(lines);
      if (total <= 0n) continue;
      const cents = (value: bigint) => hundredthsText(value);
      const way = random();
      // Now and then the odd cents are let go at the till (sconto a pagare).
      const rounding = way < 0.15 && total % 10n !== 0n ? total % 10n : 0n;
      const paid = total - rounding;
      const expired = back === 17 && n === 0;
      const electronic = way >= 0.55 || expired;
      const body = {
        fiscal_id: fiscalId,
        items: lines,
        ...(electronic
          ? { electronic_payment_amount: cents(paid) }
          : { cash_payment_amount: cents(paid) }),
        ...(rounding > 0n ? { discount: cents(rounding) } : {}),
        ...(expired
          ? { lottery_code: 'EXPIRED1' }
          : electronic && random() < 0.3
            ? { lottery_code: `LT${String(100000 + made).slice(-6)}` }
            : {}),
      };
      const created = await service.create(actor, body);
      made += 1;
      await runner.run();
      sales.push({ uuid: created.uuid, at: clock.now });
      const fate = random();
      if (fate < 0.08) {
        const sale = created.uuid;
        later.push({
          at: new Date(clock.now.getTime() + 25 * MINUTE),
          run: async () => {
            await service.void(actor, sale).catch(() => undefined);
            made += 1;
            return runner.run();
          },
        });
      } else if (fate < 0.2) {
        const sale = created.uuid;
        later.push({
          at: new Date(clock.now.getTime() + (1 + Math.floor(random() * 4)) * 24 * HOUR),
          run: async () => {
            const details = await service.details(actor, sale).catch(() => undefined);
            const item = details?.items.find((line) => line.id);
            if (!item?.id || details?.status !== 'ready') return;
            await service
              .returnItems(actor, sale, { items: [{ id: item.id, quantity: '1.00' }] })
              .catch(() => undefined);
            made += 1;
            await runner.run();
          },
        });
      }
    }
  }
  return { receipts: made };
}
