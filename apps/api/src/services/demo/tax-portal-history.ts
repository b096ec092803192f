import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../gateways/tax-portal/fisconline-demo.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import { romeToday } from '../it/sdi-simulation/generated-invoice.ts';
import { composeTaxPortal } from '../it/tax-drawer/compose.ts';
import { processTaxPortalSecret } from '../it/tax-drawer/credential-sealing.ts';

/**
 * The tax portal side of the demo history: ALPHA SRL (italy@'s own company) stored the demo
 * Fisconline credentials through the tax drawer form, so massive imports and the recover tab work
 * at once; its cassetto fiscale is the sandbox's (seeded supplier invoices with their metadata,
 * seeded SDI rejections, plus what this instance's SDI delivered or rejected). The rejections
 * older than the recover tab's default 90 days were recovered back then (customer invoices in
 * marking rejected with their NS, ready to fix); those of the last 90 days are left pending for
 * the recover tab. Through the real services; idempotent (nothing is recovered twice).
 */

export const TAX_PORTAL_HISTORY_OWNER = 'italy@demo.fiscus.test';

/** The recover tab's default window (spec 9): what is left pending for the demo. */
const PENDING_DAYS = 90;
const DAY_MS = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type SealingConfig = Pick<
  AppConfig,
  'taxPortalSecret' | 'dataDir' | 'databaseUrl' | 'publicUrl'
>;

/**
 * The given configuration; else the secret this process's app already resolved (the server makes
 * the history after building its app), so the demo seals with the app's key; else the environment.
 */
export function configOf(config: SealingConfig | undefined): SealingConfig {
  if (config) return config;
  const secret = processTaxPortalSecret();
  if (!secret) return loadConfig(process.env);
  return { taxPortalSecret: secret, dataDir: '', databaseUrl: 'memory://', publicUrl: '' };
}

export async function seedTaxPortalHistory(options: {
  db: Database;
  now?: Date;
  /** The process configuration (TAX_PORTAL_SECRET, DATA_DIR); read from the environment if unset. */
  config?: SealingConfig;
}): Promise<{ credentialsStored: boolean; recovered: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const [owner] = await db.select().from(users).where(eq(users.email, TAX_PORTAL_HISTORY_OWNER));
  if (!owner) return { credentialsStored: false, recovered: 0 };
  const actor: Actor = { user: owner, roles: owner.roles, impersonator: null };
  const { taxDrawer, rejectedInvoices } = composeTaxPortal(db, configOf(options.config), () => now);
  const fiscalId = DEMO_OWN_COMPANY.vat;
  await taxDrawer.setCredentials(actor, fiscalId, {
    codice_fiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale,
    password: DEMO_FISCONLINE_CREDENTIALS.password,
    pin: DEMO_FISCONLINE_CREDENTIALS.pin,
  });
  const today = romeToday(now);
  const recovery = await rejectedInvoices.recover(actor, fiscalId, {
    from_date: addDays(today, -365),
    to_date: addDays(today, -(PENDING_DAYS + 1)),
  });
  return { credentialsStored: true, recovered: recovery.recovered.length };
}
