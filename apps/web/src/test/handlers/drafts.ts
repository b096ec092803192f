/**
 * An in-memory `/api/it/invoices/draft` resource: the drafts' list (filters by uuid and by
 * recipient name, the `properties[]` filter like the API) and the item (JSON, or XML when asked).
 */
import type { Invoice } from '@fiscus/contracts';
import { http } from 'msw';
import { apiUrl, hydraCollection, notFound, pickProperties } from './http';
import { invoiceDocument, sampleInvoice } from './invoices';

/** A customer draft that was never sent to SDI. */
export const sampleDraft: Invoice = {
  ...sampleInvoice,
  sdi_file_id: null,
  sdi_file_name: null,
  marking: 'draft',
  payload: '{}',
  invoiceNumber: 'DR-1',
  invoiceTotal: '122.00',
  notifications: undefined,
};

export function draftsHandlers(seed: Invoice[] = [sampleDraft]) {
  const drafts = [...seed];
  return [
    http.get(apiUrl('it', '/invoices/draft'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const type = query.get('type');
      const uuid = query.get('uuid');
      const recipient = (query.get('recipient.business_name') ?? '').toLowerCase();
      const asked = query.getAll('properties[]');
      return hydraCollection(
        drafts
          .filter(
            (draft) =>
              (type === null || String(draft.type) === type) &&
              (uuid === null || draft.uuid === uuid) &&
              (draft.recipient.business_name ?? '').toLowerCase().includes(recipient),
          )
          .map((draft) => pickProperties(draft, asked)),
      );
    }),
    http.get(apiUrl('it', '/invoices/draft/:uuid'), ({ request, params }) => {
      const draft = drafts.find((entry) => entry.uuid === params.uuid);
      return draft ? invoiceDocument(request, draft) : notFound();
    }),
  ];
}
