/**
 * In-memory Polish invoices (`/api/pl/invoices`): the two lists with the API's filters, an
 * invoice as JSON, HTML, XML (UTF-16LE bytes, as KSeF's files may be) or PDF by `Accept`, its UPO
 * once confirmed, its attachments, and the public access: a code mailed to the buyer
 * (`send-access-code`), checked (`activate-access-code`: `123456` opens, `000000` has expired,
 * anything else is not valid) and then carried by every public call (`/code/{code}`).
 */
import type { PlInvoice, PlInvoiceDetails } from '@fiscus/contracts';
import { http, HttpResponse, type PathParams } from 'msw';
import { apiUrl, hydraCollection, notFound, problem, unprocessable } from './http';

export const PL_ACCESS_CODE_SENT_TO = 'j***@b***.pl';
/** The code the buyer receives by e-mail, and the one that has expired. */
export const PL_TYPED_CODE = '123456';
export const PL_EXPIRED_CODE = '000000';
/** What `activate-access-code` answers for the right code. */
export const PL_ACCESS_CODE = 'a1b2c3d4e5f6';

const ALFA = { name: 'ALFA KSEF SP. Z O.O.', nip: '5260250274' };
const BETA = { name: 'BETA HANDEL S.A.', nip: '5213017228' };

const base: Omit<PlInvoiceDetails, 'uuid' | 'invoiceNumber'> = {
  legalEntityUuid: '0c5e8a1b-3d2f-4a6b-9c8d-7e6f5a4b3c2d',
  invoiceDate: '2026-11-28',
  invoiceType: 'VAT',
  invoiceVersion: 'FA(3)',
  direction: 'outgoing',
  senderName: ALFA.name,
  invoiceCreatorNip: ALFA.nip,
  recipientName: BETA.name,
  invoiceRecipientNip: BETA.nip,
  grossAmount: '12345.67',
  currencyCode: 'PLN',
  status: 'confirmed',
  mode: 'online',
  offlineDeadline: null,
  ksefReferenceNumber: '5260250274-20261128-0100A0B1C2D3-4E',
  acquisition: '2026-11-28T10:15:30.000Z',
  hasUpo: true,
  errorCode: null,
  errorMessage: null,
  publicUrl: '',
  attachments: [],
  createdAt: '2026-11-28T10:15:00.000Z',
  updatedAt: '2026-11-28T10:20:00.000Z',
  invoiceHash: 'pY4bWq3mZC1ZqHcP6V8o0y2xq8mJ2c5zQ1h7dL9sG0k=',
  verificationLink:
    'https://qr-test.ksef.mf.gov.pl/invoice/5260250274/28-11-2026/pY4bWq3mZC1ZqHcP6V8o0y2xq8mJ2c5zQ1h7dL9sG0k',
  certificateLink: null,
};

function invoice(uuid: string, invoiceNumber: string, changes: Partial<PlInvoiceDetails> = {}) {
  return {
    ...base,
    uuid,
    invoiceNumber,
    publicUrl: `http://localhost:3000/gov-pl/public-invoices/${uuid}`,
    ...changes,
  } satisfies PlInvoiceDetails;
}

/** Confirmed by KSeF, with its UPO and an attachment. */
export const plConfirmedInvoice = invoice(
  '6a1f3c2e-5b4d-4e8f-9a7b-1c2d3e4f5a6b',
  'FV/2026/11/001',
  {
    attachments: [
      { uuid: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', filename: 'zamowienie.txt', size: 1572864 },
    ],
  },
);
/** Refused by KSeF with its code. */
export const plRejectedInvoice = invoice('7b2a4d3f-6c5e-4f9a-8b8c-2d3e4f5a6b7c', 'FV/2026/11/002', {
  status: 'rejected',
  ksefReferenceNumber: null,
  acquisition: null,
  hasUpo: false,
  verificationLink: null,
  grossAmount: '-250.00',
  invoiceType: 'KOR',
  errorCode: '450',
  errorMessage: 'Błąd weryfikacji semantyki dokumentu faktury',
});
/** Issued offline: must reach KSeF by its deadline. */
export const plOfflineInvoice = invoice('8c3b5e4a-7d6f-4a0b-9c9d-3e4f5a6b7c8d', 'FV/2026/11/003', {
  status: 'valid',
  mode: 'offline',
  offlineDeadline: '2026-12-01',
  ksefReferenceNumber: null,
  acquisition: null,
  hasUpo: false,
  currencyCode: 'EUR',
  grossAmount: '1000.10',
  certificateLink:
    'https://qr-test.ksef.mf.gov.pl/certificate/Nip/5260250274/5260250274/01F20A5D352AE590/pY4bWq3mZC1ZqHcP6V8o0y2xq8mJ2c5zQ1h7dL9sG0k',
});
/** Received from KSeF. */
export const plIncomingInvoice = invoice('9d4c6f5b-8e7a-4b1c-8d0e-4f5a6b7c8d9e', 'FA 17/2026', {
  direction: 'incoming',
  status: 'received',
  senderName: 'GAMMA USŁUGI SP. J.',
  invoiceCreatorNip: '7740001454',
  recipientName: ALFA.name,
  invoiceRecipientNip: ALFA.nip,
  hasUpo: false,
});

/** A list row is the item without its QR links and hash. */
function row(details: PlInvoiceDetails): PlInvoice {
  const { invoiceHash: _hash, verificationLink: _kod1, certificateLink: _kod2, ...rest } = details;
  return rest;
}

/** The FA XML as the invoice's file: UTF-16LE with its byte order mark. */
export function plInvoiceXmlBytes(details: Pick<PlInvoice, 'invoiceNumber'>): Uint8Array {
  const text = `<?xml version="1.0" encoding="UTF-16"?><Faktura><P_2>${details.invoiceNumber}</P_2><P_3>Łódź</P_3></Faktura>`;
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes[2 + index * 2] = unit & 0xff;
    bytes[3 + index * 2] = unit >> 8;
  }
  return bytes;
}

export function plInvoiceHtml(details: Pick<PlInvoice, 'invoiceNumber'>): string {
  return `<!DOCTYPE html><html><head><title>Faktura</title></head><body><h1>Faktura VAT ${details.invoiceNumber}</h1><script>window.parent.hacked = true;</script></body></html>`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The answer of an invoice's representations by `Accept`. */
function representation(details: PlInvoiceDetails, accept: string) {
  if (accept.includes('text/html')) {
    return new HttpResponse(plInvoiceHtml(details), {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  }
  if (accept.includes('application/xml')) {
    return new HttpResponse(plInvoiceXmlBytes(details), {
      headers: { 'Content-Type': 'application/octet-stream' },
    });
  }
  if (accept.includes('application/pdf')) {
    return new HttpResponse('%PDF-1.7 faktura', {
      headers: { 'Content-Type': 'application/pdf' },
    });
  }
  return HttpResponse.json(details);
}

function upoOf(details: PlInvoiceDetails) {
  if (!details.hasUpo) return notFound();
  return new HttpResponse(
    `<?xml version="1.0" encoding="UTF-8"?><Potwierdzenie><NumerKSeFDokumentu>${details.ksefReferenceNumber}</NumerKSeFDokumentu></Potwierdzenie>`,
    { headers: { 'Content-Type': 'application/xml' } },
  );
}

export function plInvoicesHandlers(
  seed: PlInvoiceDetails[] = [
    plConfirmedInvoice,
    plRejectedInvoice,
    plOfflineInvoice,
    plIncomingInvoice,
  ],
) {
  const invoices = seed.map((details) => structuredClone(details));
  const find = (params: PathParams, key = 'uuid') =>
    invoices.find((details) => details.uuid === params[key]);
  /** Access codes activated, by invoice. */
  const opened = new Map<string, string>();
  const openedWith = (params: PathParams, key = 'uuid') => {
    const details = find(params, key);
    return details && opened.get(details.uuid) === params.code ? details : undefined;
  };
  const url = (path: string) => apiUrl('pl', path);

  return [
    http.get(url('/invoices'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const exact = (name: string, value: string | null) =>
        query.get(name) === null || query.get(name) === value;
      return hydraCollection(
        invoices
          .filter(
            (details) =>
              exact('direction', details.direction) &&
              exact('invoiceStatus', details.status) &&
              exact('invoiceType', details.invoiceType) &&
              exact('invoiceCreatorNip', details.invoiceCreatorNip) &&
              exact('invoiceRecipientNip', details.invoiceRecipientNip) &&
              exact('legalEntityUuid', details.legalEntityUuid),
          )
          .map(row),
      );
    }),
    // Other routes under /invoices (the demo's statuses) are not invoices: passed on.
    http.get(url('/invoices/:uuid'), ({ params, request }) => {
      if (!UUID.test(String(params.uuid))) return undefined;
      const details = find(params);
      return details ? representation(details, request.headers.get('Accept') ?? '') : notFound();
    }),
    http.get(url('/invoices/:uuid/upo'), ({ params }) => {
      const details = find(params);
      return details ? upoOf(details) : notFound();
    }),
    http.get(url('/invoices/:invoiceUuid/attachments/:attachmentUuid'), ({ params }) => {
      const attachment = find(params, 'invoiceUuid')?.attachments.find(
        (entry) => entry.uuid === params.attachmentUuid,
      );
      return attachment
        ? new HttpResponse(`Zamówienie nr 42 (${attachment.filename})`, {
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          })
        : notFound();
    }),
    http.post(url('/invoices/:uuid/send-access-code'), ({ params }) =>
      find(params) ? HttpResponse.json({ email: PL_ACCESS_CODE_SENT_TO }) : notFound(),
    ),
    http.post(url('/invoices/:uuid/activate-access-code'), async ({ params, request }) => {
      const details = find(params);
      if (!details) return notFound();
      const body = (await request.json()) as { accessCode?: string };
      if (body.accessCode === PL_TYPED_CODE) {
        opened.set(details.uuid, PL_ACCESS_CODE);
        return HttpResponse.json({ access_code: PL_ACCESS_CODE });
      }
      const code =
        body.accessCode === PL_EXPIRED_CODE ? 'access_code_expired' : 'invalid_access_code';
      return unprocessable([
        { propertyPath: 'accessCode', message: 'This access code is not valid.', code },
      ]);
    }),
    http.get(url('/invoices/:uuid/code/:code'), ({ params, request }) => {
      const details = openedWith(params);
      return details
        ? representation(details, request.headers.get('Accept') ?? '')
        : problem(403, 'Forbidden', 'This access code does not open this invoice.');
    }),
    http.get(url('/invoices/:uuid/code/:code/upo'), ({ params }) => {
      const details = openedWith(params);
      return details ? upoOf(details) : problem(403, 'Forbidden');
    }),
    http.get(
      url('/invoices/:invoiceUuid/attachments/download/:attachmentUuid/:code'),
      ({ params }) => {
        const attachment = openedWith(params, 'invoiceUuid')?.attachments.find(
          (entry) => entry.uuid === params.attachmentUuid,
        );
        return attachment
          ? new HttpResponse(`Zamówienie nr 42 (${attachment.filename})`, {
              headers: { 'Content-Type': 'text/plain; charset=utf-8' },
            })
          : problem(403, 'Forbidden');
      },
    ),
  ];
}
