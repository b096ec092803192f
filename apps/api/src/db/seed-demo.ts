import Decimal from 'decimal.js';
import { count } from 'drizzle-orm';
import type { DemoLogin } from '@fiscus/contracts';
import { DEMO_OWN_COMPANY, DEMO_SUB_FISCAL_CODE } from '../gateways/sdi/registries/index.ts';
import type { Database } from '../platform/db/database.ts';
import { hashPassword } from '../platform/passwords.ts';
import { lastTwelveMonths } from '../services/common/pre-sales/pre-sales.service.ts';
import type { NewUserRow, StoredRoles } from './schema/index.ts';
import { consumptions, preSales, users } from './schema/index.ts';

export const DEMO_PASSWORD = 'Fiscus!demo1';
export const DEMO_DOMAIN = 'demo.fiscus.test';

const ALL_IT_ROLES = [
  'ROLE_CONFIG',
  'ROLE_CONFIG_BRC',
  'ROLE_SHOW_STATS',
  'ROLE_INVOICING',
  'ROLE_INVOICING_DRAFT',
  'ROLE_FIX_INVOICE',
  'ROLE_RECEIPTS',
  'ROLE_INVOICING_DOWNLOAD',
  'ROLE_INVOICING_RECOVER',
  'ROLE_TRANSFER',
];

/** The sub-accounts of italy@: invoicing for the registries linked to them (see seed-demo-registries). */
const ITALY_SUB_ACCOUNT_ROLES: StoredRoles = {
  it: ['ROLE_INVOICING', 'ROLE_INVOICING_DRAFT', 'ROLE_INVOICING_DOWNLOAD', 'ROLE_SHOW_STATS'],
  common: ['ROLE_SUB_ACCOUNT'],
};

type DemoPersona = {
  local: string;
  persona: string;
  roles: StoredRoles;
  profile?: Partial<NewUserRow>;
  /** Local part of the manager for a sub-account. */
  managedBy?: string;
};

/** One login per console persona (README and the sandbox login page list them). */
export const demoPersonas: DemoPersona[] = [
  {
    local: 'italy',
    persona: 'Italian business with every Italian invoicing role',
    roles: {
      it: ALL_IT_ROLES,
      common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
      preservation: ['ROLE_USER'],
      // Uploads to the invoice-transfer store (italian-invoicing spec 6, transfer upload button).
      transfer: ['ROLE_API'],
      // Reads ALPHA SRL's bank account: its invoices are matched to the money that pays them.
      ob: ['ROLE_USER'],
    },
    profile: {
      fullname: 'Alpha Demo',
      invoicingName: 'ALPHA SRL',
      // A valid check digit (the official samples' IT01234567890 has a wrong one).
      invoicingVatNumber: `IT${DEMO_OWN_COMPANY.vat}`,
      invoicingFiscalId: DEMO_OWN_COMPANY.vat,
      invoicingAddress: 'Via Roma 1',
      invoicingCity: 'Milano',
      invoicingProvince: 'MI',
      invoicingCap: '20121',
      invoicingCountry: 'IT',
      creditAlertEmail: `italy@${DEMO_DOMAIN}`,
      preSaleAlertThreshold: 50,
      recipientCode: 'ABC1234',
    },
  },
  {
    local: 'supplier-only',
    persona: 'Receives supplier invoices only',
    roles: { it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'], common: ['ROLE_USER'] },
  },
  {
    local: 'customer-only',
    persona: 'Sends customer invoices only',
    roles: { it: ['ROLE_INVOICING', 'ROLE_INVOICING_CUSTOMER_ONLY'], common: ['ROLE_USER'] },
  },
  {
    local: 'manager',
    persona: 'Sub-account manager',
    roles: {
      it: [
        'ROLE_INVOICING',
        'ROLE_SHOW_STATS',
        'ROLE_CONFIG',
        'ROLE_CONFIG_BRC',
        'ROLE_SUB_ACCOUNT_MANAGER',
      ],
      common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
    },
    profile: { fullname: 'Manager Demo', recipientCode: 'MGR0001' },
  },
  {
    local: 'sub',
    persona: 'Sub-account of manager@',
    roles: { it: ['ROLE_INVOICING', 'ROLE_SHOW_STATS'], common: ['ROLE_SUB_ACCOUNT'] },
    profile: { fullname: 'Sub Demo', fiscalId: DEMO_SUB_FISCAL_CODE },
    managedBy: 'manager',
  },
  {
    local: 'admin',
    persona: 'Administrator (can switch user)',
    roles: { it: ['ROLE_INVOICING'], common: ['ROLE_ADMIN', 'ROLE_USER'] },
  },
  {
    local: 'stripe',
    persona: 'Payment-provider (stripe) account without ROLE_CREATE_INVOICE',
    roles: { stripe: ['ROLE_WRITER'], it: ['ROLE_INVOICING'], common: ['ROLE_USER'] },
  },
  {
    local: 'nocosts',
    persona: 'Italian invoicing with statistics but no costs (ROLE_NO_COSTS)',
    roles: {
      it: ['ROLE_INVOICING', 'ROLE_SHOW_STATS'],
      common: ['ROLE_USER', 'ROLE_NO_COSTS'],
    },
  },
  {
    local: 'poland',
    persona: 'KSeF Poland',
    // An administrator of the Polish context: the demo page is theirs (spec 6).
    roles: { pl: ['ROLE_USER', 'ROLE_ADMIN'], common: ['ROLE_USER'] },
  },
  {
    local: 'openbanking',
    persona: 'Open Banking',
    roles: { ob: ['ROLE_USER'], common: ['ROLE_USER'] },
  },
  {
    local: 'peppol',
    persona: 'Peppol (and Belgian Peppol)',
    roles: { peppol: ['ROLE_USER'], common: ['ROLE_USER'] },
  },
  { local: 'noservices', persona: 'No usable context', roles: { common: ['ROLE_USER'] } },
  // Last, so the personas above keep their demo credit and consumption (made from the index).
  {
    local: 'italy-branch',
    persona: 'Sub-account of italy@ linked to ALPHA SERVIZI SRL only',
    roles: ITALY_SUB_ACCOUNT_ROLES,
    profile: { fullname: 'Branch Demo' },
    managedBy: 'italy',
  },
  {
    local: 'italy-unlinked',
    persona: 'Sub-account of italy@ linked to no business registry (sees nothing)',
    roles: ITALY_SUB_ACCOUNT_ROLES,
    profile: { fullname: 'Unlinked Demo' },
    managedBy: 'italy',
  },
];

export const demoLogins: DemoLogin[] = demoPersonas.map((p) => ({
  email: `${p.local}@${DEMO_DOMAIN}`,
  persona: p.persona,
}));

/**
 * Creates the demo accounts, each with a pre-sale and 12 months of consumption, when the database
 * has no user yet. Resolves true when it seeded. Idempotent: a second start finds users and skips.
 */
export async function seedDemo(db: Database, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;

    const ids = new Map<string, string>();
    for (const [index, persona] of demoPersonas.entries()) {
      const parentId = persona.managedBy ? ids.get(persona.managedBy) : undefined;
      const [row] = await tx
        .insert(users)
        .values({
          email: `${persona.local}@${DEMO_DOMAIN}`,
          passwordHash,
          roles: persona.roles,
          parentId: parentId ?? null,
          ...persona.profile,
          // Distinct creation times keep list orders stable in demos and tests.
          createdAt: new Date(now.getTime() - (demoPersonas.length - index) * 60_000),
        })
        .returning({ id: users.id });
      if (!row) throw new Error(`could not create demo user ${persona.local}`);
      ids.set(persona.local, row.id);

      const purchased = new Decimal(1500).plus(index * 100);
      const months = lastTwelveMonths(now);
      const totals = months.map((_, m) =>
        new Decimal(12.5).times(((m + index) % 7) + 1).toDecimalPlaces(2),
      );
      const spent = totals.reduce((sum, t) => sum.plus(t), new Decimal(0));
      await tx.insert(preSales).values({
        ownerId: row.id,
        creditPurchased: purchased.toFixed(2),
        creditAvailable: Decimal.max(purchased.minus(spent), 0).toFixed(2),
        purchasedAt: new Date(now.getTime() - 300 * 24 * 60 * 60 * 1000),
        invoicesReceived: 40 + index * 3,
        invoicesSent: 60 + index * 5,
      });
      await tx.insert(consumptions).values(
        months.map(({ year, month }, m) => ({
          ownerId: row.id,
          year,
          month,
          total: (totals[m] ?? new Decimal(0)).toFixed(2),
        })),
      );
    }
    return true;
  });
}
