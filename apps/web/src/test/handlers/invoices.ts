/**
 * An in-memory `/api/it/invoices` resource: the list (with the `type` direction and the
 * `properties[]` filter: only the asked properties come back, whole records without it), the item
 * (JSON, or the FatturaPA XML when XML is asked for), its notifications, its fix information and
 * the 'send to webhooks' action.
 */
import type { Invoice } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, pickProperties } from './http';

/** The XML every sample invoice answers with when XML is asked for. */
export const sampleInvoiceXml = '<p:FatturaElettronica/>';

/** A customer invoice SDI delivered, with one attachment in its document. */
export const sampleInvoice: Invoice = {
  uuid: '52711c42-432c-4f1c-a130-68e6fd8597ba',
  type: 0,
  created_at: '2026-03-02T10:00:00.000Z',
  signed: false,
  to_pa: false,
  downloaded: false,
  downloaded_at: null,
  sdi_file_id: '12345',
  sdi_file_name: 'IT01234567890_00001.xml',
  marking: 'delivered',
  transmission_format: 'FPR12',
  payload: JSON.stringify({
    fattura_elettronica_header: { dati_trasmissione: { progressivo_invio: 'PRG-77' } },
    fattura_elettronica_body: [
      {
        allegati: [
          { nome_attachment: 'terms.pdf', formato_attachment: 'PDF', attachment: 'JVBERi0xLjQ=' },
        ],
      },
    ],
  }),
  fix_of_uuid: null,
  archived: false,
  notice: null,
  document_type: 'TD01',
  sender: { business_name: 'ACME SRL', business_fiscal_code: '01234567897' },
  recipient: { business_name: 'ROSSI SPA', business_fiscal_code: '09876543217' },
  senderFormatted: 'ACME SRL',
  recipientFormatted: 'ROSSI SPA',
  senderVatNumberFormatted: 'IT01234567897',
  recipientVatNumberFormatted: 'IT09876543217',
  invoiceDate: '2026-03-01',
  invoiceNumber: 'FT-42',
  invoiceTotal: '1220.50',
  stamp: false,
  notifications: [],
};

/** Answers an invoice record as JSON, or as its XML when the request asks for XML. */
export function invoiceDocument(request: Request, invoice: Invoice) {
  if ((request.headers.get('Accept') ?? '').includes('xml')) {
    return HttpResponse.xml(sampleInvoiceXml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8' },
    });
  }
  return HttpResponse.json(invoice);
}

export function invoicesHandlers(seed: Invoice[] = [sampleInvoice]) {
  const invoices = [...seed];
  const find = (uuid: unknown) => invoices.find((invoice) => invoice.uuid === uuid);
  return [
    http.get(apiUrl('it', '/invoices'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const type = query.get('type');
      const asked = query.getAll('properties[]');
      return hydraCollection(
        invoices
          .filter((invoice) => type === null || String(invoice.type) === type)
          .map((invoice) => pickProperties(invoice, asked)),
      );
    }),
    http.get(apiUrl('it', '/invoices/:uuid'), ({ request, params }) => {
      // `/invoices/draft` is the drafts' list (./drafts.ts), not an invoice.
      if (params.uuid === 'draft') return undefined;
      const invoice = find(params.uuid);
      return invoice ? invoiceDocument(request, invoice) : notFound();
    }),
    http.get(apiUrl('it', '/invoices/:uuid/notifications'), ({ params }) => {
      const invoice = find(params.uuid);
      return invoice ? HttpResponse.json(invoice.notifications ?? []) : notFound();
    }),
    // No webhook in the tests' account: nothing is delivered (`deliveries: 0`).
    http.post(apiUrl('it', '/invoices/:uuid/notify'), ({ params }) =>
      find(params.uuid)
        ? HttpResponse.json({ deliveries: 0, event: 'customer-invoice' })
        : notFound(),
    ),
    http.get(apiUrl('it', '/invoices/:uuid/fix-info'), ({ params }) => {
      const invoice = find(params.uuid);
      return invoice
        ? HttpResponse.json({ uuid: invoice.uuid, is_fixable: invoice.marking === 'rejected' })
        : notFound();
    }),
  ];
}
