/**
 * The preservation documents' filters (account spec 2.12, 7): the document type first (it is
 * the path of the call, not a filter of it), then the status and the created bounds, which stay
 * disabled until a type is chosen.
 */
import { preservationStatuses, preservedDocumentTypes } from '@fiscus/contracts';
import type { PreservedDocumentType } from '@fiscus/contracts';
import type { ListQueryParams } from '../../../components/list-kit';
import type { QueryParams } from '../../../lib/api-client';

export const emptyPreservationFilters = {
  document_type: '',
  status: '',
  'created_at[after]': '',
  'created_at[before]': '',
};

export type PreservationFilters = typeof emptyPreservationFilters;

export function documentTypeOf(
  params: ListQueryParams | Record<string, string | string[]>,
): PreservedDocumentType | null {
  const value = typeof params.document_type === 'string' ? params.document_type.trim() : '';
  return (preservedDocumentTypes as readonly string[]).includes(value)
    ? (value as PreservedDocumentType)
    : null;
}

/** The list call's query: the filters but the type (the path), an unknown status left out. */
export function toPreservationQuery(params: ListQueryParams): QueryParams {
  const query: QueryParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'document_type' || typeof value !== 'string' || value.trim() === '') continue;
    if (name === 'status' && !(preservationStatuses as readonly string[]).includes(value)) continue;
    query[name] = value.trim();
  }
  return query;
}

/** Bytes as kilobytes with 2 decimals (spec 3: "weight (bytes, shown in KB with 2 decimals)"). */
export function weightKb(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bytes / 1024);
}
