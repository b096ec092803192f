import type { AppConfig } from '../../../config.ts';
import { SandboxTaxPortalGateway } from '../../../gateways/tax-portal/sandbox.ts';
import type {
  TaxPortalCredentialsReader,
  TaxPortalGateway,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import { BusinessRegistryConfigurationsRepository } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { RejectedInvoicesService } from '../rejected-invoices/rejected-invoices.service.ts';
import { CredentialSealer, resolveTaxPortalSecret } from './credential-sealing.ts';
import { SdiCassettoSourceRepository } from './sdi-cassetto-source.ts';
import { TaxDrawerRepository } from './tax-drawer.repository.ts';
import { TaxDrawerService } from './tax-drawer.service.ts';

export type TaxPortal = {
  /** The Agenzia delle Entrate portal (the sandbox): credentials check and cassetto fiscale. */
  portal: TaxPortalGateway;
  /** Stored Fisconline credentials of a tenant's registry, opened (the download job's read). */
  credentials: TaxPortalCredentialsReader;
  taxDrawer: TaxDrawerService;
  rejectedInvoices: RejectedInvoicesService;
};

/** The tax portal sandbox over this instance's SDI sandbox (the invoice tables). */
export function sandboxTaxPortal(db: Database, clock?: () => Date): TaxPortalGateway {
  return new SandboxTaxPortalGateway({
    source: new SdiCassettoSourceRepository(db),
    ...(clock ? { clock } : {}),
  });
}

/**
 * Builds the tax portal side of the Italian service once: the sandbox portal, the tax drawer
 * (credentials sealed with TAX_PORTAL_SECRET, consent links under PUBLIC_URL) and the recovery
 * of rejected invoices.
 */
export function composeTaxPortal(
  db: Database,
  config: Pick<AppConfig, 'taxPortalSecret' | 'dataDir' | 'databaseUrl' | 'publicUrl'>,
  /** The portal's and the services' clock (the demo history sets its own). */
  clock?: () => Date,
): TaxPortal {
  const portal = sandboxTaxPortal(db, clock);
  const registries = new BusinessRegistryConfigurationsRepository(db);
  const taxDrawer = new TaxDrawerService(
    registries,
    new TaxDrawerRepository(db),
    portal,
    new CredentialSealer(resolveTaxPortalSecret(config)),
    { publicUrl: config.publicUrl, ...(clock ? { clock } : {}) },
  );
  return {
    portal,
    credentials: taxDrawer,
    taxDrawer,
    rejectedInvoices: new RejectedInvoicesService(db, registries, portal, taxDrawer, clock),
  };
}
