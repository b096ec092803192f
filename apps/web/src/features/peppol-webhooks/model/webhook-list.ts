/** The Peppol webhook list of one domain: its table key (localStorage), one per domain. */
import type { PeppolDomain } from '../../../lib/peppol-domain';

export function webhooksTableKey(domain: PeppolDomain): string {
  return `peppol-${domain}-webhooks`;
}

/** No filters (spec: a table of uuid, event, url, createdAt). */
export const defaultWebhookFilters = {};
