import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { legalEntityPath, legalEntityQueries } from './legal-entity-queries';

export function useDeleteLegalEntity(domain: PeppolDomain) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<void>('peppol', legalEntityPath(domain, uuid), { method: 'DELETE' }),
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: [...legalEntityQueries.details(), domain, uuid] });
      return queryClient.invalidateQueries({ queryKey: legalEntityQueries.lists() });
    },
  });
}
