/**
 * Query keys and fetchers of the Peppol legal entities (spec 7 "Peppol legal entities (domain
 * prefix Italian or Belgian)"), on the `peppol` service in the screen's domain: the list, one
 * legal entity, its SMP registration, and the document types and processes a capability names.
 */
import type {
  PeppolCode,
  PeppolLegalEntity,
  PeppolReceivingCheck,
  PeppolSmp,
} from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { peppolApiPath, type PeppolDomain } from '../../../lib/peppol-domain';

export function legalEntitiesPath(domain: PeppolDomain): string {
  return peppolApiPath(domain, '/legal-entities');
}

export function legalEntityPath(domain: PeppolDomain, uuid: string, suffix = ''): string {
  return `${legalEntitiesPath(domain)}/${encodeURIComponent(uuid)}${suffix}`;
}

const asJson = { as: 'json', headers: { Accept: 'application/json' } } as const;

export const legalEntityQueries = {
  all: () => ['peppol-legal-entities'] as const,
  lists: () => [...legalEntityQueries.all(), 'list'] as const,
  list: (domain: PeppolDomain, params: QueryParams) =>
    queryOptions({
      queryKey: [...legalEntityQueries.lists(), domain, params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PeppolLegalEntity>('peppol', legalEntitiesPath(domain), {
          query: params,
          signal,
        }),
    }),
  details: () => [...legalEntityQueries.all(), 'detail'] as const,
  detail: (domain: PeppolDomain, uuid: string) =>
    queryOptions({
      queryKey: [...legalEntityQueries.details(), domain, uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolLegalEntity>('peppol', legalEntityPath(domain, uuid), {
          signal,
          ...asJson,
        }),
    }),
  smp: (domain: PeppolDomain, uuid: string) =>
    queryOptions({
      queryKey: [...legalEntityQueries.details(), domain, uuid, 'smp'] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolSmp>('peppol', legalEntityPath(domain, uuid, '/smp'), {
          signal,
          ...asJson,
        }),
    }),
  /** The receiving check, run afresh each time the dialog opens (nothing is stored). */
  receivingCheck: (domain: PeppolDomain, uuid: string) =>
    queryOptions({
      queryKey: [...legalEntityQueries.details(), domain, uuid, 'receiving-check'] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolReceivingCheck>(
          'peppol',
          legalEntityPath(domain, uuid, '/receiving-check'),
          {
            method: 'POST',
            signal,
            ...asJson,
          },
        ),
      staleTime: 0,
      gcTime: 0,
    }),
  /** The document types a capability may name (the code list's, long names). */
  documentTypes: (domain: PeppolDomain) =>
    queryOptions({
      queryKey: [...legalEntityQueries.all(), 'document-types', domain] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolCode[]>('peppol', peppolApiPath(domain, '/document-types'), {
          signal,
          ...asJson,
        }),
      staleTime: Infinity,
    }),
  /** The processes (the API does not say which go with which document type: all of them). */
  processes: (domain: PeppolDomain) =>
    queryOptions({
      queryKey: [...legalEntityQueries.all(), 'processes', domain] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolCode[]>('peppol', peppolApiPath(domain, '/processes'), {
          signal,
          ...asJson,
        }),
      staleTime: Infinity,
    }),
};
