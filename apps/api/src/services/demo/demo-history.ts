import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { count, eq } from 'drizzle-orm';
import {
  consumptions,
  itInvoices,
  webhookDeliveries,
  preSales,
  users,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { DemoCompany } from '../../gateways/sdi/registries/index.ts';
import { DEMO_BRANCH_COMPANY, DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import {
  SandboxSdiGateway,
  SDI_PA_TERMS_JOB,
  SDI_PROCESS_JOB,
  SDI_TRANSMIT_JOB,
} from '../../gateways/sdi/sandbox.ts';
import { PROVIDER_RETRY_POLICY } from '../../gateways/sdi/sdi-gateway.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import {
  PROVIDER_WEBHOOK_RETRY_POLICY,
  WebhookDelivery,
} from '../../platform/webhooks/webhook-delivery.ts';
import { lastTwelveMonths } from '../common/pre-sales/pre-sales.service.ts';
import { ApiConfigurationsRepository } from '../it/api-configurations/api-configurations.repository.ts';
import { ApiConfigurationsService } from '../it/api-configurations/api-configurations.service.ts';
import { DraftsService } from '../it/drafts/drafts.service.ts';
import { InvoiceExchangeService } from '../it/invoices/invoice-exchange.service.ts';
import { InvoicesRepository } from '../it/invoices/invoices.repository.ts';
import { InvoicesService } from '../it/invoices/invoices.service.ts';
import { NotificationsRepository } from '../it/invoices/notifications.repository.ts';
import { SdiDirectoryRepository } from '../it/invoices/sdi-directory.repository.ts';
import {
  DEMO_MANAGED_COMPANIES,
  recipientAccountFinder,
} from '../it/sdi-simulation/find-recipient-account.ts';
import { romeToday } from '../it/sdi-simulation/generated-invoice.ts';
import { SimulationService } from '../it/sdi-simulation/simulation.service.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { seedDemoJobsHistory } from './jobs-history.ts';
import { seedDemoPeppolHistory } from './peppol-history.ts';
import { seedDemoOpenBankingHistory } from './ob-history.ts';
import { seedDemoPolandHistory } from './pl-history.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { seedDemoExpensesHistory } from './expenses-history.ts';
import { seedDemoReceiptsHistory } from './receipts-history.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { seedTaxPortalHistory } from './tax-portal-history.ts';
import { seedTransfersHistory } from './transfers-history.ts';
import { customerInvoiceJson, supplierInvoiceXml } from './demo-invoices.ts';
import type { DemoPlan, PlannedInvoice } from './demo-plan.ts';
import { BRANCH_PLAN, planDemoHistory } from './demo-plan.ts';
import { DEMO_WEBHOOK_RECEIVER_PATH } from './demo-webhook-receiver.ts';

/**
 * A year of history for the Italian demo account (italy@), made through the real services: the
 * invoices service sends ALPHA SRL's customer invoices, the SDI sandbox gateway checks and
 * delivers them (or refuses them, or fails to reach SDI) and the invoice-exchange service applies
 * its messages; public offices accept, refuse or let their terms run out (scripted as the
 * sandbox's console does); some refused invoices are fixed; suppliers' invoices arrive through
 * the sandbox's supplier-invoice path; drafts are saved through the drafts service; an api
 * configuration created a month ago receives real webhook deliveries on the API's own sandbox
 * receiver. ALPHA SERVIZI SRL, the account's second company (a registry of its own, which the demo
 * sub-account italy-branch@ acts for), has a smaller year of its own, interleaved by date. Steps
 * run on a `DemoJobRunner` under the history's clock, so every invoice and SDI message is dated on
 * its day. The pre-sale and its monthly consumptions then agree with the
 * invoice counts. Runs once, at the server's first start (server.ts), never in tests of the app.
 */

export const DEMO_HISTORY_OWNER = 'italy@demo.fiscus.test';

export type DemoHistoryOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  /** Base URL the API answers on (the webhook receiver lives under it). */
  apiBaseUrl: string;
  now?: Date;
  /** Seed of the pseudo-random plan: the same seed, the same history. */
  seed?: number;
  /** Where the history's mails go (the app's mailer). */
  mailer?: Mailer;
  /** Where the history's documents go (Sistema TS receipts); no expenses history without it. */
  files?: FileStore;
};

/** What one company of the account sent, received and drafted. */
export type DemoCompanyHistory = {
  customerInvoices: number;
  supplierInvoices: number;
  drafts: number;
};

/** The account's totals, and per company (by partita IVA) what each made. */
export type DemoHistorySummary = DemoCompanyHistory & {
  webhookDeliveries: number;
  markings: Record<string, number>;
  companies: Record<string, DemoCompanyHistory>;
  /** ALPHA SRL's older SDI rejections recovered from the cassetto fiscale (customer invoices too). */
  recoveredRejections: number;
  /** ALPHA SRL's smart receipts: sales, returns and voids. */
  receipts: number;
  /** ALPHA SRL's Sistema TS expenses. */
  expenses: number;
  /** The Peppol demo account's documents, sent between its Italian and Belgian legal entities. */
  peppolDocuments: number;
  /** The KSeF demo account's invoices, sent between its legal entities and to customers. */
  polandInvoices: number;
  /** Open banking: the bank transactions of openbanking@ and italy@, and italy@'s invoices paid. */
  bankTransactions: number;
  invoicesPaidByBank: number;
};

/** The history's mails (receipt alerts) when no mailer is given: none is configured anyway. */
const SILENT_MAILER: Mailer = { send: async () => undefined };

/** Price of one invoice in the demo's pre-sale (EUR). */
const DEMO_INVOICE_PRICE = new Decimal('0.25');
const DEMO_CREDIT_PURCHASED = new Decimal('250.00');
const DAY = 24 * 60 * 60 * 1000;

export async function seedDemoHistory(options: DemoHistoryOptions): Promise<DemoHistorySummary> {
  const { db } = options;
  const now = options.now ?? new Date();
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO_HISTORY_OWNER));
  if (!owner) throw new Error(`demo history: ${DEMO_HISTORY_OWNER} does not exist`);
  const actor: Actor = { user: owner, roles: owner.roles, impersonator: null };

  const clock = { now };
  const at = () => clock.now;
  const runner = new DemoJobRunner();
  // The notifications of a year would fill the log: only warnings and errors.
  const logger = options.logger.child({ module: 'demo-history' }, { level: 'warn' });
  const findRecipientAccount = recipientAccountFinder(db, DEMO_MANAGED_COMPANIES);
  const exchange = new InvoiceExchangeService({
    db,
    jobs: runner.asQueue,
    findRecipientAccount,
    clock: at,
  });
  const sdi = new SandboxSdiGateway({
    store: exchange,
    directory: new SdiDirectoryRepository(db, findRecipientAccount),
    jobs: runner.asQueue,
    logger,
    delayMs: 0,
    paTermsMs: 15 * DAY,
    retryPolicy: { ...PROVIDER_RETRY_POLICY, intervalMs: 0 },
    clock: at,
  });
  sdi.registerJobs(runner.asWorker);
  const repository = new InvoicesRepository(db);
  const invoices = new InvoicesService(db, repository, new NotificationsRepository(db), sdi, at);
  const drafts = new DraftsService(repository, invoices);
  const simulation = new SimulationService(repository, sdi, at);
  const delivery = new WebhookDelivery({
    db,
    jobs: runner.asQueue,
    logger,
    allowPrivate: true,
    retryPolicy: { ...PROVIDER_WEBHOOK_RETRY_POLICY, intervalMs: 0 },
    timeoutMs: 5000,
  });
  delivery.registerJobs(runner.asWorker);
  const apiConfigurations = new ApiConfigurationsService(
    new ApiConfigurationsRepository(db),
    delivery,
    true,
  );

  const seed = options.seed ?? 2026;
  const plan = planDemoHistory(now, seed);
  const branchPlan = planDemoHistory(now, seed + 1, BRANCH_PLAN);
  const summary: DemoHistorySummary = {
    customerInvoices: 0,
    supplierInvoices: 0,
    drafts: 0,
    webhookDeliveries: 0,
    markings: {},
    companies: {},
    recoveredRejections: 0,
    receipts: 0,
    expenses: 0,
    peppolDocuments: 0,
    polandInvoices: 0,
    bankTransactions: 0,
    invoicesPaidByBank: 0,
  };
  const companyOf = (company: DemoCompany) =>
    (summary.companies[company.vat] ??= { customerInvoices: 0, supplierInvoices: 0, drafts: 0 });
  // Both companies' steps by date (stable: ALPHA SRL first on the same minute).
  const steps = [
    ...plan.steps.map((step) => ({ company: DEMO_OWN_COMPANY, step })),
    ...branchPlan.steps.map((step) => ({ company: DEMO_BRANCH_COMPANY, step })),
  ].sort((a, b) => a.step.at.getTime() - b.step.at.getTime());
  const monthly = new Map<string, number>();
  const countMonth = (when: Date) => {
    const key = monthKey(when);
    monthly.set(key, (monthly.get(key) ?? 0) + 1);
  };

  let webhooksOn = false;
  for (const { company, step } of steps) {
    clock.now = step.at;
    if (!webhooksOn && step.at.getTime() >= plan.webhooksFrom.getTime()) {
      webhooksOn = true;
      const targetUrl = new URL(DEMO_WEBHOOK_RECEIVER_PATH, options.apiBaseUrl).toString();
      for (const event of ['customer-notification', 'invoice-status-quarantena'] as const) {
        await apiConfigurations.create(actor, {
          event,
          target_url: targetUrl,
          authentication_type: 'none',
          business_registry_configurations: [],
        });
      }
    }
    if (step.kind === 'supplier') {
      await receiveSupplierInvoice(simulation, actor, owner, company, step);
      summary.supplierInvoices += 1;
      companyOf(company).supplierInvoices += 1;
      countMonth(step.at);
      continue;
    }
    const sent = await sendCustomerInvoice(
      { invoices, sdi, runner, actor, clock, seller: company },
      step,
    );
    summary.customerInvoices += sent;
    companyOf(company).customerInvoices += sent;
    for (let i = 0; i < sent; i += 1) countMonth(step.at);
  }
  clock.now = now;

  // Invoice transfers of the last month: their valid files were sent as customer invoices.
  const transferred = await seedTransfersHistory({
    db,
    logger,
    actor,
    invoices,
    runner,
    clock,
    now,
  });
  summary.customerInvoices += transferred.length;
  companyOf(DEMO_OWN_COMPANY).customerInvoices += transferred.length;
  for (const when of transferred) countMonth(when);

  const companyDrafts = [
    { company: DEMO_OWN_COMPANY, prefix: 'BOZZA-', drafts: plan.drafts },
    { company: DEMO_BRANCH_COMPANY, prefix: 'BOZZA-AS-', drafts: branchPlan.drafts },
  ];
  for (const { company, prefix, drafts: planned } of companyDrafts) {
    for (const [index, draft] of planned.entries()) {
      await drafts.create(
        actor,
        customerInvoiceJson({
          seller: company,
          buyer: { kind: 'company', company: draft.customer },
          number: `${prefix}${index + 1}`,
          date: romeToday(now),
          line: draft.line,
        }),
        'standard',
        draft.blocked,
      );
      summary.drafts += 1;
      companyOf(company).drafts += 1;
    }
  }

  summary.markings = await markingsOf(db, owner.id);
  const [deliveries] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.ownerId, owner.id));
  summary.webhookDeliveries = deliveries?.n ?? 0;
  await settlePreSale(db, owner.id, now, monthly);
  await seedDemoJobsHistory(db, owner.id, now);
  // ALPHA SRL's Fisconline credentials and its older SDI rejections recovered from the cassetto.
  summary.recoveredRejections = (await seedTaxPortalHistory({ db, now })).recovered;
  // Two months of ALPHA SRL's smart receipts (the credentials above are what they are sent with).
  summary.receipts = (
    await seedDemoReceiptsHistory({ db, now, mailer: options.mailer ?? SILENT_MAILER })
  ).receipts;
  // Two months of the health expenses its parapharmacy corner sent to Sistema TS.
  summary.expenses = options.files
    ? (await seedDemoExpensesHistory({ db, files: options.files, now })).expenses
    : 0;
  // Three months of Peppol documents between the Peppol demo account's two legal entities.
  summary.peppolDocuments = (await seedDemoPeppolHistory({ db, now })).documents;
  // Four months of KSeF invoices of the Polish demo account's legal entities.
  summary.polandInvoices = (
    await seedDemoPolandHistory({
      db,
      now,
      mailer: options.mailer ?? SILENT_MAILER,
      publicUrl: options.apiBaseUrl,
    })
  ).invoices;
  // Open banking: openbanking@'s connected banks, and italy@'s invoices paid by bank transfer.
  const banking = await seedDemoOpenBankingHistory({
    db,
    now,
    mailer: options.mailer ?? SILENT_MAILER,
    publicUrl: options.apiBaseUrl,
  });
  summary.bankTransactions = banking.transactions;
  summary.invoicesPaidByBank = banking.matchedInvoices;
  return summary;
}

type SendContext = {
  invoices: InvoicesService;
  sdi: SandboxSdiGateway;
  runner: DemoJobRunner;
  actor: Actor;
  clock: { now: Date };
  /** The company of the account that invoices. */
  seller: DemoCompany;
};

/**
 * Sends one planned customer invoice and drives SDI to the planned outcome. Resolves with how
 * many invoices it sent (a fixed one counts two).
 */
async function sendCustomerInvoice(context: SendContext, step: PlannedInvoice): Promise<number> {
  const { invoices, sdi, runner, actor, clock, seller } = context;
  const body = customerInvoiceJson({
    seller,
    buyer: step.buyer,
    ...(step.outcome === 'rejected-fixable' || step.outcome === 'fixed'
      ? { buyerVat: typo(step.buyer.kind === 'company' ? step.buyer.company.vat : '') }
      : {}),
    number: step.number,
    date: romeToday(step.at),
    line: step.line,
  });
  const { uuid } = await invoices.create(actor, body, 'standard');
  switch (step.outcome) {
    case 'quarantena':
      // The first attempt fails; the channel is still down (its retries are left out).
      await runner.run({ limit: 1 });
      runner.discard(SDI_TRANSMIT_JOB);
      await runner.run();
      return 1;
    case 'rejected':
      // SDI received the file, then refused it on the signature (00102): not fixable.
      await runner.run({ hold: [SDI_PROCESS_JOB] });
      runner.discard(SDI_PROCESS_JOB);
      await sdi.script(uuid, { type: 'NS', errorCode: '00102' });
      await runner.run();
      return 1;
    case 'accepted-pa':
    case 'rejected-pa':
      await runner.run({ hold: [SDI_PA_TERMS_JOB] });
      runner.discard(SDI_PA_TERMS_JOB);
      clock.now = new Date(step.at.getTime() + (3 + (step.number.length % 5)) * DAY);
      await sdi.script(uuid, {
        type: 'NE',
        esito: step.outcome === 'accepted-pa' ? 'EC01' : 'EC02',
        ...(step.outcome === 'rejected-pa'
          ? { descrizione: 'Manca il codice CIG del contratto' }
          : {}),
      });
      await runner.run();
      return 1;
    case 'deadline-terms':
      await runner.run({ hold: [SDI_PA_TERMS_JOB] });
      clock.now = new Date(step.at.getTime() + 15 * DAY);
      await runner.run();
      return 1;
    case 'fixed': {
      // Refused for the buyer's mistyped VAT number (00305), fixed the next day.
      await runner.run();
      clock.now = new Date(step.at.getTime() + DAY);
      const corrected = customerInvoiceJson({
        seller,
        buyer: step.buyer,
        number: step.number,
        date: romeToday(clock.now),
        line: step.line,
      });
      await invoices.create(actor, corrected, 'standard', { fixInvoiceUuid: uuid });
      await runner.run();
      return 2;
    }
    default:
      // delivered, delivered-pa (terms still running), not-delivered, rejected-fixable,
      // invoice-error (every attempt fails).
      await runner.run({ hold: [SDI_PA_TERMS_JOB] });
      runner.discard(SDI_PA_TERMS_JOB);
      return 1;
  }
}

async function receiveSupplierInvoice(
  simulation: SimulationService,
  actor: Actor,
  owner: UserRow,
  buyer: DemoCompany,
  step: Extract<DemoPlan['steps'][number], { kind: 'supplier' }>,
): Promise<void> {
  await simulation.supplierInvoice(
    actor,
    supplierInvoiceXml({
      supplier: step.supplier,
      buyer,
      recipientCode: owner.recipientCode ?? '0000000',
      number: step.number,
      date: romeToday(step.at),
      line: step.line,
    }),
  );
}

/** The VAT number with its last digit changed: SDI refuses it (00305, not a taxpayer). */
function typo(vat: string): string {
  const last = Number(vat.at(-1) ?? '0');
  return `${vat.slice(0, -1)}${(last + 1) % 10}`;
}

function monthKey(when: Date): string {
  const [{ year, month } = { year: 0, month: 0 }] = lastTwelveMonths(when).slice(-1);
  return `${year}-${month}`;
}

async function markingsOf(db: Database, ownerId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ marking: itInvoices.marking, type: itInvoices.type })
    .from(itInvoices)
    .where(eq(itInvoices.ownerId, ownerId));
  const markings: Record<string, number> = {};
  for (const row of rows) {
    const key = row.type === 0 ? row.marking : `supplier:${row.marking}`;
    markings[key] = (markings[key] ?? 0) + 1;
  }
  return markings;
}

/**
 * The account's pre-sale paid for exactly the invoices of the history: sent and received counts,
 * credit consumed at DEMO_INVOICE_PRICE each, one consumption per month of the last twelve.
 */
async function settlePreSale(
  db: Database,
  ownerId: string,
  now: Date,
  monthly: Map<string, number>,
): Promise<void> {
  const totals = lastTwelveMonths(now).map(({ year, month }) => ({
    year,
    month,
    total: DEMO_INVOICE_PRICE.times(monthly.get(`${year}-${month}`) ?? 0),
  }));
  const spent = totals.reduce((sum, month) => sum.plus(month.total), new Decimal(0));
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ type: itInvoices.type, marking: itInvoices.marking })
      .from(itInvoices)
      .where(eq(itInvoices.ownerId, ownerId));
    const isDraft = (marking: string) => marking.startsWith('draft');
    const invoicesSent = rows.filter((row) => row.type === 0 && !isDraft(row.marking)).length;
    const invoicesReceived = rows.filter((row) => row.type === 1).length;
    await tx
      .update(preSales)
      .set({
        creditPurchased: DEMO_CREDIT_PURCHASED.toFixed(2),
        creditAvailable: DEMO_CREDIT_PURCHASED.minus(spent).toFixed(2),
        purchasedAt: new Date(now.getTime() - 330 * DAY),
        invoicesSent,
        invoicesReceived,
      })
      .where(eq(preSales.ownerId, ownerId));
    await tx.delete(consumptions).where(eq(consumptions.ownerId, ownerId));
    await tx.insert(consumptions).values(
      totals.map(({ year, month, total }) => ({
        ownerId,
        year,
        month,
        total: total.toFixed(2),
      })),
    );
  });
}
