import type { PeppolLegalEntity, PeppolLegalEntityRequest, PeppolSmp } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { legalEntitiesPath, legalEntityPath, legalEntityQueries } from './legal-entity-queries';

export interface LegalEntitySave {
  /** The legal entity to edit; null creates one (without SMP registration: spec 4). */
  uuid: string | null;
  body: PeppolLegalEntityRequest;
  /** The SMP registration an edit saves after (or, turning it off, before) the entity. */
  smp?: { body: PeppolSmp; first: boolean };
}

/**
 * Creates a legal entity, or saves an edit: `PUT` of the entity and `PUT` of its SMP
 * registration, one after the other (spec 7). A refusal of either throws, with its violations.
 */
export function useSaveLegalEntity(domain: PeppolDomain) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, body, smp }: LegalEntitySave): Promise<PeppolLegalEntity> => {
      if (uuid === null) {
        return apiFetch<PeppolLegalEntity>('peppol', legalEntitiesPath(domain), {
          method: 'POST',
          json: body,
          as: 'json',
        });
      }
      const putEntity = () =>
        apiFetch<PeppolLegalEntity>('peppol', legalEntityPath(domain, uuid), {
          method: 'PUT',
          json: body,
          as: 'json',
        });
      const putSmp = () =>
        apiFetch<PeppolSmp>('peppol', legalEntityPath(domain, uuid, '/smp'), {
          method: 'PUT',
          json: smp?.body,
          as: 'json',
        });
      try {
        if (smp?.first) await putSmp();
        const saved = await putEntity();
        if (smp && !smp.first) {
          const registration = await putSmp();
          return {
            ...saved,
            smpEnabled: registration.enabled,
            capabilities: registration.capabilities,
          };
        }
        return saved;
      } finally {
        // Either call may have changed the entity although the other was refused.
        void queryClient.invalidateQueries({ queryKey: legalEntityQueries.details() });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalEntityQueries.lists() }),
  });
}
