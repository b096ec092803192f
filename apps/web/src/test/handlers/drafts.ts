/**
 * An in-memory `/api/it/invoices/draft` resource: the drafts' list (filters by uuid and by
 * recipient name, the `properties[]` filter like the API), the item (JSON, or XML when asked),
 * update (`PUT`, with `X-Draft-Blocked`), send (409 when blocked) and delete; plus the invoice
 * validation the draft dialog calls.
 */
import type { Invoice } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { completeStandardInvoice } from '../../features/it-invoice-form/test/complete-invoice';
import { apiUrl, hydraCollection, notFound, pickProperties, problem } from './http';
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
  paid: false,
  paid_amount: null,
  paid_at: null,
  notifications: undefined,
};

/** A draft whose content passes the form's client rules (number FT-1), so it can be sent. */
export const completeDraft: Invoice = {
  ...sampleDraft,
  uuid: 'a7c1f0d2-3b4e-4f5a-8b6c-7d8e9f0a1b2c',
  invoiceNumber: 'FT-1',
  payload: JSON.stringify(completeStandardInvoice()),
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
    ...['/invoices/draft/:uuid', '/invoices/simplified/draft/:uuid'].map((path) =>
      http.put(apiUrl('it', path), async ({ request, params }) => {
        const index = drafts.findIndex((entry) => entry.uuid === params.uuid);
        if (index < 0) return notFound();
        const payload = await request.text();
        const blocked = request.headers.get('X-Draft-Blocked');
        const updated: Invoice = {
          ...drafts[index]!,
          payload,
          ...(blocked === null ? {} : { marking: blocked === 'true' ? 'draft-blocked' : 'draft' }),
        };
        drafts[index] = updated;
        return HttpResponse.json(updated);
      }),
    ),
    http.post(apiUrl('it', '/invoices/draft/:uuid/send'), ({ params }) => {
      const draft = drafts.find((entry) => entry.uuid === params.uuid);
      if (!draft) return notFound();
      if (draft.marking === 'draft-blocked') return problem(409, 'draft send error blocked');
      drafts.splice(drafts.indexOf(draft), 1);
      return HttpResponse.json({ uuid: '0b5b3c36-4a8e-4c8e-9f57-2f4f7c1f0a01' }, { status: 202 });
    }),
    http.delete(apiUrl('it', '/invoices/draft/:uuid'), ({ params }) => {
      const index = drafts.findIndex((entry) => entry.uuid === params.uuid);
      if (index < 0) return notFound();
      drafts.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    // The draft dialog checks a draft like the invoice it becomes.
    ...['/invoices/validate', '/invoices/simplified/validate'].map((path) =>
      http.post(apiUrl('it', path), () => HttpResponse.json({ valid: true })),
    ),
  ];
}
