import { and, count, desc, eq } from 'drizzle-orm';
import {
  itInvoices,
  obAccounts,
  obBusinessRegistries,
  obTransactions,
  users,
} from '../../db/schema/index.ts';
import { AggregatorSandbox } from '../../gateways/bank-aggregator/sandbox/aggregator-sandbox.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { fromCents, toCents } from '../../platform/money.ts';
import type { WebhookDelivery } from '../../platform/webhooks/webhook-delivery.ts';
import { ObAccountsService } from '../ob/accounts/accounts.service.ts';
import { ObBankSync } from '../ob/connections/bank-sync.ts';
import { ObPaymentsService } from '../ob/payments/payments.service.ts';
import { openInvoicesOfOwner } from '../ob/reconciliation/open-invoices.ts';
import { ObReconciliationService } from '../ob/reconciliation/reconciliation.service.ts';
import { ObRegistriesService } from '../ob/registries/registries.service.ts';
import { ObWebhooksService } from '../ob/webhooks/ob-webhooks.service.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { generator } from './demo-plan.ts';

/**
 * The open-banking demo history (issue 36), through the real services and the aggregator sandbox
 * under the history's clock:
 * - openbanking@ has a business registry connected 70 days ago to a sandbox bank (current
 *   account, deposit, card: months of transactions, its consent now 20 days from its end, so
 *   the reconnect notice is out), payment requests paid, waiting and refused, a second registry
 *   on the rebooking bank, a third with data reading off, and a webhook;
 * - italy@ reads ALPHA SRL's bank account: most of its customer invoices of the last half year
 *   were paid by bank transfer and are matched (paid), a few partly, and a few payments without
 *   reference wait for a person to confirm what they pay.
 */

export const DEMO_OPEN_BANKING_OWNER = 'openbanking@demo.fiscus.test';
const DEMO_ITALY_OWNER = 'italy@demo.fiscus.test';
const DAY = 86_400_000;
const SILENT_DELIVERY = { repository: undefined } as unknown as WebhookDelivery;

/** The services of open banking on one clock and an in-memory job runner. */
function services(db: Database, publicUrl: string, mailer: Mailer, clock: { now: Date }) {
  const at = () => clock.now;
  const aggregator = new AggregatorSandbox({ db, publicUrl, clock: at });
  const runner = new DemoJobRunner();
  // The history's webhooks are not delivered: nobody listened then.
  runner.register('webhooks.dispatch', async () => undefined);
  const registries = new ObRegistriesService({ db, aggregator, publicUrl, clock: at });
  const accounts = new ObAccountsService({ db, aggregator, registries, publicUrl });
  const payments = new ObPaymentsService({ db, aggregator, registries, accounts, clock: at });
  const sync = new ObBankSync({
    db,
    jobs: runner.asQueue,
    aggregator,
    mailer,
    registries,
    publicUrl,
    clock: at,
  });
  sync.registerJobs(runner.asWorker);
  const reconciliation = new ObReconciliationService({ db, registries, accounts, clock: at });
  sync.onSynced(async (accountUuid) => {
    await reconciliation.matchAccount(accountUuid);
  });
  aggregator.listenWith(sync.callbacks());
  const webhooks = new ObWebhooksService({ db, delivery: SILENT_DELIVERY, allowPrivate: true });

  /** The hosted connect flow, as a user walks it. */
  async function connect(
    actor: Actor,
    fiscalId: string,
    bank: string,
    accountKeys: string[],
    days: number,
  ) {
    const { connectUrl } = await registries.connect(actor, fiscalId, {});
    const token = connectUrl.split('/').pop()!;
    const step = async (
      move: (
        session: NonNullable<Awaited<ReturnType<typeof aggregator.sessionOf>>>,
      ) => Promise<unknown>,
    ) => {
      const session = await aggregator.sessionOf(token);
      if (session) await move(session);
    };
    await step((session) => aggregator.chooseBank(session, bank));
    await step((session) => aggregator.login(session, 'demo', 'secret'));
    await step((session) => aggregator.otp(session, '123456'));
    await step((session) => aggregator.pickAccounts(session, accountKeys));
    await step((session) => aggregator.consent(session, true, days));
    await runner.run();
  }
  return { aggregator, runner, registries, accounts, payments, sync, webhooks, connect };
}

async function ownerActor(db: Database, email: string): Promise<Actor | undefined> {
  const [owner] = await db.select().from(users).where(eq(users.email, email));
  if (!owner || !Object.keys(owner.roles).includes('ob')) return undefined;
  return { user: owner, roles: owner.roles, impersonator: null };
}

async function hasRegistries(db: Database, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(obBusinessRegistries)
    .where(eq(obBusinessRegistries.ownerId, ownerId));
  return (row?.total ?? 0) > 0;
}

export async function seedDemoOpenBankingHistory(options: {
  db: Database;
  now: Date;
  mailer: Mailer;
  publicUrl: string;
}): Promise<{ transactions: number; matchedInvoices: number }> {
  const { db, now, mailer, publicUrl } = options;
  let transactions = 0;
  let matchedInvoices = 0;

  const banking = await ownerActor(db, DEMO_OPEN_BANKING_OWNER);
  if (banking && !(await hasRegistries(db, banking.user.id))) {
    const clock = { now: new Date(now.getTime() - 70 * DAY) };
    const ob = services(db, publicUrl, mailer, clock);
    await ob.registries.create(banking, {
      fiscalId: '03456789015',
      email: 'tesoreria@officina-digitale.demo.fiscus.test',
      businessName: 'Officina Digitale S.r.l.',
      locale: 'it',
      country: 'XF',
    });
    await ob.registries.update(banking, '03456789015', {
      businessName: 'Officina Digitale S.r.l.',
      enabled: true,
    });
    await ob.connect(banking, '03456789015', 'fakebank_otp_xf', ['current', 'savings', 'card'], 90);
    const [current] = await db
      .select()
      .from(obAccounts)
      .where(and(eq(obAccounts.nature, 'account'), eq(obAccounts.name, 'Conto corrente business')))
      .orderBy(desc(obAccounts.createdAt))
      .limit(1);
    // Payment requests: one paid by SEPA Instant, one waiting, one refused by the payer's bank.
    for (const [daysAgo, system, amount, description, outcome] of [
      [40, 'sepa_instant', '1250.00', 'Fattura 2026/045 - consulenza', 'pay'],
      [12, 'sepa', '480.00', 'Fattura 2026/061 - manutenzione', 'wait'],
      [6, 'sepa', '99.90', 'Rinnovo abbonamento', 'refuse'],
    ] as const) {
      clock.now = new Date(now.getTime() - daysAgo * DAY);
      const asked = await ob.payments.receive(banking, system, {
        accountUuid: current!.uuid,
        amount,
        currencyCode: 'EUR',
        description,
      });
      const token = asked.connectUrl.split('/').pop()!;
      const session = await ob.aggregator.sessionOf(token);
      if (session && outcome === 'pay')
        await ob.aggregator.pay(session, 'Rossi Impianti S.r.l.', 'IT60X0542811101000000123456');
      if (session && outcome === 'refuse') await ob.aggregator.refusePayment(session);
      await ob.runner.run();
    }
    // A second business on the bank that renames its entries, connected last week for 21 days.
    clock.now = new Date(now.getTime() - 5 * DAY);
    await ob.registries.create(banking, {
      fiscalId: '04567890123',
      email: 'amministrazione@beta-logistica.demo.fiscus.test',
      businessName: 'Beta Logistica S.r.l.',
      locale: 'it',
    });
    await ob.registries.update(banking, '04567890123', {
      businessName: 'Beta Logistica S.r.l.',
      enabled: true,
    });
    await ob.connect(banking, '04567890123', 'fakebank_rebooking_xf', ['current'], 21);
    await ob.registries.create(banking, {
      fiscalId: 'GMMSTD80A01F205X',
      email: 'studio@gamma.demo.fiscus.test',
      businessName: 'Gamma Studio Associato',
      locale: 'it',
    });
    await ob.webhooks.create(banking, {
      event: 'connect',
      targetUrl: `${publicUrl}/api/dev/webhook-receiver`,
    });
    // Today: every connection read again, the consent notices sent.
    clock.now = now;
    await ob.sync.syncAll();
    await ob.runner.run();
  }

  const italy = await ownerActor(db, DEMO_ITALY_OWNER);
  if (italy && !(await hasRegistries(db, italy.user.id))) {
    const [company] = await db
      .select({ fiscalId: itInvoices.senderFiscalId, name: itInvoices.senderName, total: count() })
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, italy.user.id), eq(itInvoices.type, 0)))
      .groupBy(itInvoices.senderFiscalId, itInvoices.senderName)
      .orderBy(desc(count()))
      .limit(1);
    if (company?.fiscalId) {
      const clock = { now: new Date(now.getTime() - DAY) };
      const ob = services(db, publicUrl, mailer, clock);
      await ob.registries.create(italy, {
        fiscalId: company.fiscalId,
        email: 'tesoreria@alpha.demo.fiscus.test',
        businessName: company.name ?? company.fiscalId,
        locale: 'it',
      });
      await ob.registries.update(italy, company.fiscalId, {
        businessName: company.name ?? company.fiscalId,
        enabled: true,
      });
      // The account is connected, then the history of its incoming transfers is what the bank
      // shows: the customers paid most invoices, each their own way.
      const { connectUrl } = await ob.registries.connect(italy, company.fiscalId, {});
      const token = connectUrl.split('/').pop()!;
      for (const move of ['bank', 'login', 'accounts', 'consent'] as const) {
        const session = await ob.aggregator.sessionOf(token);
        if (!session) break;
        if (move === 'bank') await ob.aggregator.chooseBank(session, 'fakebank_simple_xf');
        if (move === 'login') await ob.aggregator.login(session, 'alpha', 'secret');
        if (move === 'accounts') await ob.aggregator.pickAccounts(session, ['current']);
        if (move === 'consent') await ob.aggregator.consent(session, true, 90);
      }
      const sandboxAccount = ob.runner.pending('ob.aggregator-event')[0]?.payload as
        { accountIds?: string[] } | undefined;
      const accountId = sandboxAccount?.accountIds?.[0];
      if (accountId) {
        const random = generator(36);
        const open = (await openInvoicesOfOwner(db, italy.user.id, now))
          .filter((invoice) => invoice.kind === 'invoice' && invoice.currency === 'EUR')
          .sort((a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number));
        const lastDay = new Date(now.getTime() - 2 * DAY).toISOString().slice(0, 10);
        const firstDay = new Date(now.getTime() - 170 * DAY).toISOString().slice(0, 10);
        for (const [index, invoice] of open.entries()) {
          const paidOn = new Date(
            Date.parse(`${invoice.date}T12:00:00Z`) + (10 + (index % 30)) * DAY,
          )
            .toISOString()
            .slice(0, 10);
          if (paidOn > lastDay || paidOn < firstDay) continue;
          const kind = index % 10;
          if (kind >= 8) continue; // not paid yet
          const cents = toCents(invoice.amount);
          const wording = [
            `Saldo fattura n. ${invoice.number}`,
            `Pag. FT ${invoice.number} del ${invoice.date}`,
            `${invoice.number}`,
            `Bonifico fattura ${invoice.number.replaceAll('/', '')}`,
          ][Math.floor(random() * 4)]!;
          await ob.aggregator.simulateIncomingTransfer(accountId, {
            madeOn: paidOn,
            // One in ten pays half (a first instalment); one in ten pays without saying what.
            amount: fromCents(kind === 6 ? cents / 2n : cents),
            payerName: kind === 7 ? 'Pagamenti Diversi S.p.A.' : invoice.buyerName,
            payerIban: 'IT60X0542811101000000123456',
            remittance: kind === 7 ? 'Bonifico' : kind === 6 ? `Acconto ${wording}` : wording,
          });
        }
      }
      clock.now = now;
      await ob.runner.run();
      await ob.sync.syncAll();
      await ob.runner.run();
      const [paid] = await db
        .select({ total: count() })
        .from(itInvoices)
        .where(and(eq(itInvoices.ownerId, italy.user.id), eq(itInvoices.paid, true)));
      matchedInvoices = paid?.total ?? 0;
    }
  }
  for (const actor of [banking, italy]) {
    if (!actor) continue;
    const [row] = await db
      .select({ total: count() })
      .from(obTransactions)
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obTransactions.registryUuid))
      .where(eq(obBusinessRegistries.ownerId, actor.user.id));
    transactions += row?.total ?? 0;
  }
  return { transactions, matchedInvoices };
}
