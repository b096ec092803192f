/**
 * The preservation documents screen's calls (account spec 7 "Preservation service"):
 * `GET /preserved-documents/it/{documentType}` with its filters, and the downloads of a
 * document's original and of its deposit receipt (PDF or XML).
 */
import type { PreservedDocument, PreservedDocumentType } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';

export function documentsPath(type: PreservedDocumentType): string {
  return `/preserved-documents/it/${encodeURIComponent(type)}`;
}

export const preservedDocumentQueries = {
  all: () => ['preserved-documents'] as const,
  /** One page of one type's documents; no type chosen yet: none (spec 2.12: an info message). */
  list: (type: PreservedDocumentType | null, params: QueryParams) =>
    queryOptions({
      queryKey: [...preservedDocumentQueries.all(), type, params] as const,
      queryFn: ({ signal }): Promise<{ items: PreservedDocument[]; total: number }> =>
        type === null
          ? Promise.resolve({ items: [], total: 0 })
          : apiFetchCollection<PreservedDocument>('preservation', documentsPath(type), {
              query: params,
              signal,
            }),
    }),
};

/** Saves a document's original file, or its deposit receipt as PDF or XML. */
export async function downloadPreserved(
  document: Pick<PreservedDocument, 'uuid' | 'document_type' | 'original_filename'>,
  what: 'original' | 'receipt-pdf' | 'receipt-xml',
): Promise<void> {
  const base = `${documentsPath(document.document_type)}/${encodeURIComponent(document.uuid)}`;
  const path = what === 'original' ? `${base}/original-document` : `${base}/receipt`;
  const accept =
    what === 'receipt-pdf' ? 'application/pdf' : what === 'receipt-xml' ? 'application/xml' : '*/*';
  const response = await apiFetch<Response>('preservation', path, {
    headers: { Accept: accept },
    as: 'response',
  });
  const fallback =
    what === 'original'
      ? document.original_filename
      : `receipt-${document.uuid}.${what === 'receipt-pdf' ? 'pdf' : 'xml'}`;
  saveBlob(await response.blob(), attachmentFileName(response, fallback));
}
