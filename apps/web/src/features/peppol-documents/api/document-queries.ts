/**
 * Query keys, fetchers and calls of the Peppol document lists (account spec 7 "Peppol API";
 * provider section 5), on the `peppol` service in the screen's domain: a page of a kind's
 * collection in one direction, or one document by uuid (the uuid filter); one document with its
 * links; its source as XML or JSON (read as text); the XML download; the preflight validation
 * and the sending of a UBL document (XML or its JSON), which refresh the lists.
 */
import type { PeppolDocument, PeppolValidation } from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, ApiError } from '../../../lib/api-client';
import { peppolApiPath, type PeppolDomain } from '../../../lib/peppol-domain';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';
import type { DocumentListRequest } from '../model/document-filters';
import { COLLECTION_OF_KIND, type DocumentKind } from '../model/document-screens';

function documentPath(domain: PeppolDomain, kind: DocumentKind, suffix = ''): string {
  return peppolApiPath(domain, `/${COLLECTION_OF_KIND[kind]}${suffix}`);
}

function itemPath(domain: PeppolDomain, kind: DocumentKind, uuid: string, suffix = ''): string {
  return documentPath(domain, kind, `/${encodeURIComponent(uuid)}${suffix}`);
}

export const documentQueries = {
  all: () => ['peppol-documents'] as const,
  lists: () => [...documentQueries.all(), 'list'] as const,
  list: (domain: PeppolDomain, kind: DocumentKind, request: DocumentListRequest) =>
    queryOptions({
      queryKey: [...documentQueries.lists(), domain, kind, request] as const,
      queryFn: async ({ signal }) => {
        if (request.by === 'list') {
          return apiFetchCollection<PeppolDocument>('peppol', documentPath(domain, kind), {
            query: request.query,
            signal,
          });
        }
        // Spec 5: searching by uuid fetches only that document (none when it is not there).
        try {
          const one = await apiFetch<PeppolDocument>(
            'peppol',
            itemPath(domain, kind, request.uuid),
            { signal, as: 'json', headers: { Accept: 'application/json' } },
          );
          return { items: [one], total: 1 };
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return { items: [], total: 0 };
          throw error;
        }
      },
    }),
  detail: (domain: PeppolDomain, kind: DocumentKind, uuid: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'detail', domain, kind, uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolDocument>('peppol', itemPath(domain, kind, uuid), {
          signal,
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
    }),
  /** The document as sent, XML or JSON, as text (spec 7: "read as text"). */
  source: (domain: PeppolDomain, kind: DocumentKind, uuid: string, as: 'xml' | 'json') =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'source', domain, kind, uuid, as] as const,
      queryFn: ({ signal }) =>
        apiFetch<string>('peppol', itemPath(domain, kind, uuid, '/source'), {
          signal,
          as: 'text',
          headers: { Accept: as === 'xml' ? 'application/xml' : 'application/json' },
        }),
      staleTime: Infinity,
    }),
};

/** Saves a document's XML (spec 8: a failure toasts 'Error downloading XML'). */
export async function downloadDocumentXml(
  domain: PeppolDomain,
  kind: DocumentKind,
  document: Pick<PeppolDocument, 'uuid' | 'number'>,
): Promise<void> {
  const response = await apiFetch<Response>(
    'peppol',
    itemPath(domain, kind, document.uuid, '/source'),
    { headers: { Accept: 'application/xml' }, as: 'response' },
  );
  saveBlob(await response.blob(), attachmentFileName(response, `${kind}_${document.number}.xml`));
}

/** What a user sends: the UBL XML as typed or read from a file, or its JSON. */
export type UblBody = { kind: 'xml'; text: string } | { kind: 'json'; text: string };

function ublInit(body: UblBody) {
  return {
    method: 'POST',
    body: body.text,
    headers: {
      'Content-Type': body.kind === 'xml' ? 'application/xml' : 'application/json',
      Accept: 'application/json',
    },
    as: 'json' as const,
  };
}

/** `POST {domain}/validate`: the engine's verdict (200 whatever it is). */
export function validateUbl(domain: PeppolDomain, body: UblBody): Promise<PeppolValidation> {
  return apiFetch<PeppolValidation>('peppol', peppolApiPath(domain, '/validate'), ublInit(body));
}

/** `POST {domain}/{collection}/outgoing/ubl`; the lists refresh once it is stored. */
export function useSendDocument(domain: PeppolDomain, kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UblBody) =>
      apiFetch<PeppolDocument>(
        'peppol',
        documentPath(domain, kind, '/outgoing/ubl'),
        ublInit(body),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentQueries.lists() }),
  });
}
