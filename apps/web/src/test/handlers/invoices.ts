/**
 * An in-memory `/api/it/invoices` resource: the list (with the `type` direction, the `paid`
 * filter and the `properties[]` filter: only the asked properties come back, whole records without it), the item
 * (JSON, or the FatturaPA XML when XML is asked for), its notifications, its fix information and
 * the 'send to webhooks' action.
 */
import type { Invoice } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, pickProperties } from './http';

/** The XML every sample invoice answers with when XML is asked for. */
export const sampleInvoiceXml = '<p:FatturaElettronica/>';

/**
 * A customer invoice SDI delivered, with one attachment in its document, paid in full by bank
 * transactions (open banking's reconciliation).
 */
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
  paid: true,
  paid_amount: '1220.50',
  paid_at: '2026-03-20T09:30:00.000Z',
  notifications: [],
};

/**
 * A delivered customer invoice the transactions have paid in part: € 300.00 of € 800.00, asked
 * in two instalments.
 */
export const partlyPaidInvoice: Invoice = {
  ...sampleInvoice,
  uuid: '6b0d7f0e-3c1a-4e55-9d3b-2f8a4c1e7a10',
  created_at: '2026-03-03T10:00:00.000Z',
  sdi_file_id: '12346',
  sdi_file_name: 'IT01234567890_00002.xml',
  invoiceDate: '2026-03-02',
  invoiceNumber: 'FT-43',
  invoiceTotal: '800.00',
  // Paid by instalments: what is asked is the sum of ImportoPagamento (issue 36's requests).
  payload: JSON.stringify({
    fattura_elettronica_header: { dati_trasmissione: { progressivo_invio: 'PRG-78' } },
    fattura_elettronica_body: [
      {
        dati_generali: { dati_generali_documento: { importo_totale_documento: '800.00' } },
        dati_pagamento: [
          {
            condizioni_pagamento: 'TP01',
            dettaglio_pagamento: [
              { modalita_pagamento: 'MP05', importo_pagamento: '300.00' },
              { modalita_pagamento: 'MP05', importo_pagamento: '500.00' },
            ],
          },
        ],
      },
    ],
  }),
  paid: false,
  paid_amount: '300.00',
  paid_at: null,
};

/** A customer invoice no transaction has paid yet. */
export const unpaidInvoice: Invoice = {
  ...sampleInvoice,
  uuid: '9c4e2a71-8f3d-4b6a-a1c5-0d7e6f5b4c32',
  created_at: '2026-03-04T10:00:00.000Z',
  sdi_file_id: '12347',
  sdi_file_name: 'IT01234567890_00003.xml',
  invoiceDate: '2026-03-03',
  invoiceNumber: 'FT-44',
  invoiceTotal: '150.00',
  paid: false,
  paid_amount: null,
  paid_at: null,
};

/** Customer invoices in every payment state: paid in full, partly paid, not paid. */
export const reconciledInvoices: Invoice[] = [sampleInvoice, partlyPaidInvoice, unpaidInvoice];

/** The API's `paid` filter: `true`/`1` paid in full, `false`/`0` not; anything else all. */
function matchesPaid(invoice: Invoice, paid: string | null): boolean {
  if (paid === 'true' || paid === '1') return invoice.paid === true;
  if (paid === 'false' || paid === '0') return invoice.paid !== true;
  return true;
}

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
      const paid = query.get('paid');
      const asked = query.getAll('properties[]');
      return hydraCollection(
        invoices
          .filter((invoice) => type === null || String(invoice.type) === type)
          .filter((invoice) => matchesPaid(invoice, paid))
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
