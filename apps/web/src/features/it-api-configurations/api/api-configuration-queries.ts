import type {
  ApiConfiguration,
  BusinessRegistryConfiguration,
  WebhookDelivery,
} from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';

export const API_CONFIGURATIONS_PATH = '/api-configurations';
const REGISTRIES_PATH = '/business-registry-configurations';
/** Spec 9: the webhook configuration search offers a paged list of 100. */
export const REGISTRY_OPTIONS_PAGE_SIZE = 100;

export function apiConfigurationPath(uuid: string): string {
  return `${API_CONFIGURATIONS_PATH}/${encodeURIComponent(uuid)}`;
}

/** Query keys and fetchers of the webhook configurations, from general to specific. */
export const apiConfigurationQueries = {
  all: () => ['it-api-configurations'] as const,
  lists: () => [...apiConfigurationQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...apiConfigurationQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ApiConfiguration>('it', API_CONFIGURATIONS_PATH, {
          query: params,
          signal,
        }),
    }),
  details: () => [...apiConfigurationQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...apiConfigurationQueries.details(), uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<ApiConfiguration>('it', apiConfigurationPath(uuid), { signal, as: 'json' }),
    }),
  deliveryLists: (uuid: string) =>
    [...apiConfigurationQueries.details(), uuid, 'deliveries'] as const,
  deliveries: (uuid: string, params: QueryParams) =>
    queryOptions({
      queryKey: [...apiConfigurationQueries.deliveryLists(uuid), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<WebhookDelivery>('it', `${apiConfigurationPath(uuid)}/deliveries`, {
          query: params,
          signal,
        }),
    }),
  /** The business registries a configuration can be linked to (first 100, as the spec pages them). */
  registryOptions: () =>
    queryOptions({
      queryKey: [...apiConfigurationQueries.all(), 'registry-options'] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<BusinessRegistryConfiguration>('it', REGISTRIES_PATH, {
          query: { itemsPerPage: REGISTRY_OPTIONS_PAGE_SIZE },
          signal,
        }),
    }),
};
