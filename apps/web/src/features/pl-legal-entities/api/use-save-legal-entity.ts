import type { PlLegalEntity, PlLegalEntityRequest } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { LEGAL_ENTITIES_PATH, legalEntityPath, legalEntityQueries } from './legal-entity-queries';

export interface LegalEntitySave {
  /** The legal entity to edit; null creates one. */
  uuid: string | null;
  body: PlLegalEntityRequest;
}

/** `POST /legal-entities` or `PUT /legal-entities/{uuid}`; a 422 throws with its violations. */
export function useSaveLegalEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: LegalEntitySave) =>
      apiFetch<PlLegalEntity>('pl', uuid === null ? LEGAL_ENTITIES_PATH : legalEntityPath(uuid), {
        method: uuid === null ? 'POST' : 'PUT',
        json: body,
        as: 'json',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(legalEntityQueries.detail(saved.uuid).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: legalEntityQueries.lists() });
    },
  });
}
