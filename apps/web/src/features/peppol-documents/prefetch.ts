/**
 * The Peppol document lists' second public entry, for their routes' loader (`Screen.prefetch`):
 * starts the list call a visit of the address will make as soon as the session is known, before
 * the page's code, the shell and the translations have arrived. It imports no component and asks
 * exactly what the page asks (same screen, filters, kept state and page).
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { documentQueries } from './api/document-queries';
import { defaultDocumentFilters, toDocumentRequest } from './model/document-filters';
import { documentScreenOf, documentsTableKey } from './model/document-screens';

export async function prefetchDocuments({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const screen = documentScreenOf(url.pathname);
  if (!screen) return;
  const snapshot = listSnapshotOf(documentsTableKey(screen), url.searchParams, {
    defaultFilters: defaultDocumentFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    documentQueries.list(
      screen.domain,
      screen.kind,
      toDocumentRequest(toListQueryParams(snapshot), screen.direction, screen.nso),
    ),
  );
}
