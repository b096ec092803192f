/**
 * A Peppol document list's filters (account spec 2.13, 5, 7, 9): the created range (the last
 * month by default, 00:00:00 one month ago to 23:59:59 today), uuid, sender and recipient name
 * and id, the document date range, the document number (only with a document date bound), and
 * downloaded (any, yes, no: 'true' or 'false'). A typed uuid disables the rest and asks for that
 * one document only.
 */
import type { Dayjs } from 'dayjs';
// The modules, not the kit's index: the route's prefetch reads these without the kit's components.
import {
  datePresetRange,
  dayEndBound,
  dayStartBound,
} from '../../../components/list-kit/date-presets';
import type { ListQueryParams } from '../../../components/list-kit/list-query-string';
import type { QueryParams } from '../../../lib/api-client';
import type { DocumentDirection } from './document-screens';

export const emptyDocumentFilters = {
  'createdAt[after]': '',
  'createdAt[before]': '',
  uuid: '',
  senderName: '',
  recipientName: '',
  senderId: '',
  recipientId: '',
  'documentDate[after]': '',
  'documentDate[before]': '',
  documentNumber: '',
  downloaded: '',
};
export type DocumentFilters = typeof emptyDocumentFilters;

/** Spec 9: "one month ago 00:00:00 to today 23:59:59", sent as day-start and day-end. */
export function defaultDocumentFilters(now: Dayjs): DocumentFilters {
  const { from, to } = datePresetRange('lastMonth', now);
  return {
    ...emptyDocumentFilters,
    'createdAt[after]': dayStartBound(from),
    'createdAt[before]': dayEndBound(to),
  };
}

/** Spec 5: the document number is enabled only once a document date bound is given. */
export function hasDocumentDate(values: Record<string, unknown>): boolean {
  const bound = (name: string) => typeof values[name] === 'string' && values[name] !== '';
  return bound('documentDate[after]') || bound('documentDate[before]');
}

/** A typed uuid: every other filter is disabled, and only that document is asked for. */
export function uuidOf(values: Record<string, unknown>): string {
  return typeof values.uuid === 'string' ? values.uuid.trim() : '';
}

export type DocumentListRequest = { by: 'uuid'; uuid: string } | { by: 'list'; query: QueryParams };

/** What the list asks the API for: one document by uuid, or a page with the filters. */
export function toDocumentRequest(
  params: ListQueryParams,
  direction: DocumentDirection,
  nso = false,
): DocumentListRequest {
  const uuid = uuidOf(params);
  if (uuid !== '') return { by: 'uuid', uuid };
  const query: QueryParams = nso ? { direction, transaction: 'nso' } : { direction };
  const withDate = hasDocumentDate(params);
  for (const [name, value] of Object.entries(params)) {
    if (name === 'uuid') continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const trimmed = String(value).trim();
    if (trimmed === '') continue;
    if (name === 'documentNumber' && !withDate) continue;
    if (name === 'downloaded' && trimmed !== 'true' && trimmed !== 'false') continue;
    query[name] = trimmed;
  }
  return { by: 'list', query };
}
