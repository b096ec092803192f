import { createSandboxSigner } from '../../../gateways/sdi/sandbox.ts';
import type { Database } from '../../../platform/db/database.ts';
import { SandboxSmpService } from '../smp/smp.service.ts';
import { SubAccountsRepository } from '../../common/sub-accounts/sub-accounts.repository.ts';
import { LegalEntitiesRepository } from './legal-entities.repository.ts';
import { LegalEntitiesService } from './legal-entities.service.ts';

export type PeppolLegalEntities = {
  repository: LegalEntitiesRepository;
  it: LegalEntitiesService;
  be: LegalEntitiesService;
  /** The sandbox network's SMP, reading the registrations. */
  smp: SandboxSmpService;
};

/**
 * Builds the Italian and the Belgian legal entity services once, on one repository, and the
 * sandbox SMP that publishes their registrations (signed with a fresh sandbox key, as the SDI
 * sandbox signs).
 */
export function composeLegalEntities(db: Database, publicUrl: string): PeppolLegalEntities {
  const repository = new LegalEntitiesRepository(db);
  const subAccounts = new SubAccountsRepository(db);
  const smpBaseUrl = `${publicUrl}/api/peppol/smp`;
  const smp = new SandboxSmpService({
    repository,
    signer: createSandboxSigner(),
    smpBaseUrl,
    accessPointUrl: `${publicUrl}/api/peppol/as4`,
  });
  const network = { smp, smpBaseUrl };
  return {
    repository,
    it: new LegalEntitiesService(repository, subAccounts, 'it', network),
    be: new LegalEntitiesService(repository, subAccounts, 'be', network),
    smp,
  };
}
