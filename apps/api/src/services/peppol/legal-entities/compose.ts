import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { LegalEntitiesRepository } from './legal-entities.repository.ts';
import { legalEntitiesRoutes } from './legal-entities.routes.ts';
import { LegalEntitiesService } from './legal-entities.service.ts';

export type PeppolLegalEntities = { it: LegalEntitiesService; be: LegalEntitiesService };

/** Builds the Italian and the Belgian legal entity services once, on one repository. */
export function composeLegalEntities(db: Database): PeppolLegalEntities {
  const repository = new LegalEntitiesRepository(db);
  return {
    it: new LegalEntitiesService(repository, 'it'),
    be: new LegalEntitiesService(repository, 'be'),
  };
}

/** Mounted at `/api/peppol`: the Italian calls under `/it`, the Belgian ones under `/be`. */
export const peppolPlugin: FastifyPluginAsync<{ legalEntities: PeppolLegalEntities }> = async (
  app,
  { legalEntities },
) => {
  await app.register(legalEntitiesRoutes('peppol-it: legal entities'), {
    prefix: '/it',
    service: legalEntities.it,
  });
  await app.register(legalEntitiesRoutes('peppol-be: legal entities'), {
    prefix: '/be',
    service: legalEntities.be,
  });
};
