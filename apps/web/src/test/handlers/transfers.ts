/**
 * In-memory invoice transfers (`/api/it/invoice-transfers`: list with its filters, one transfer,
 * its XML and the CSV page) and the transfer service (`/api/transfer/it/dirs` and `/it/upload`).
 * An upload is checked with the API's schema and path rules that matter to the console, makes
 * its folders and one transfer per file, first still being read, then read on the next request
 * (a file named `*invalid*` gets a violation, any other is "sent"); its progress is counted as
 * `/api/transfer/it/uploads/{uuid}` counts it.
 */
import {
  transferNoticeCodeOf,
  transferUploadSchema,
  type InvoiceTransfer,
  type TransferUploaded,
  type TransferUploadProgress,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody, unprocessable } from './http';

const UUIDS = {
  sent: '5b0c1e0a-8c7d-4f0e-9a3b-2c1d0e9f8a71',
  invalid: '6c1d2f1b-9d8e-4a1f-8b4c-3d2e1f0a9b82',
  unreadable: '7d2e3a2c-ae9f-4b2a-9c5d-4e3f2a1b0c93',
} as const;

export const sampleSentInvoiceUuid = '8e3f4b3d-bfa0-4c3b-8d6e-5f4a3b2c1d04';

/** The upload the sample transfers came from. */
const SAMPLE_UPLOAD_UUID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function recent(minutesAgo: number): string {
  return new Date(Date.now() - minutesAgo * 60_000).toISOString();
}

/** A transfer sent to SDI, one with violations and a file that was no invoice. */
export function sampleTransfers(): InvoiceTransfer[] {
  const base = {
    supplier_name: 'ALPHA SRL',
    supplier_fiscal_id: 'IT01234567890',
    customer_name: 'BETA SPA',
    customer_fiscal_id: 'IT09876543210',
    invoice_date: '2026-11-20',
    invoice_type: 'TD01',
    invoice_net_amount: '1000.00',
    invoice_vat_amount: '220.00',
    invoice_tot_amount: '1220.00',
    reference: '2026/november',
    upload_uuid: SAMPLE_UPLOAD_UUID,
    fixed: false,
  };
  return [
    {
      ...base,
      uuid: UUIDS.sent,
      invoice_number: 'FT-101',
      original_file_name: 'IT01234567890_00101.xml',
      created_at: recent(60),
      violations: null,
      sent_at: recent(59),
      sdi_id: '1001',
      sdi_file_name: 'IT01234567890_00101.xml',
      invoice_uuid: sampleSentInvoiceUuid,
      marking: 'delivered',
      notice: 'Sent to SDI as a customer invoice.',
      notice_code: 'sent',
    },
    {
      ...base,
      uuid: UUIDS.invalid,
      customer_name: null,
      invoice_number: 'FT-102',
      original_file_name: 'IT01234567890_00102.xml',
      created_at: recent(120),
      violations: JSON.stringify([
        {
          // As the API stores a check's finding: the path, the English text with the file's
          // line, the code and the sentence in each language.
          propertyPath: 'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero',
          message: 'Line 58: Numero is required.',
          code: '00200',
          messageKey: 'schema.missingElement',
          parameters: { element: 'Numero' },
          messages: {
            it: 'Numero è obbligatorio.',
            en: 'Numero is required.',
            pl: 'Numero jest wymagany.',
          },
        },
        { propertyPath: '', message: 'The total does not match the lines.' },
      ]),
      sent_at: null,
      sdi_id: null,
      sdi_file_name: null,
      invoice_uuid: null,
      marking: null,
      notice: 'Not sent: the invoice has violations.',
      notice_code: 'violations',
    },
    {
      uuid: UUIDS.unreadable,
      supplier_name: null,
      supplier_fiscal_id: null,
      customer_name: null,
      customer_fiscal_id: null,
      invoice_number: null,
      invoice_date: null,
      invoice_type: null,
      invoice_net_amount: null,
      invoice_vat_amount: null,
      invoice_tot_amount: null,
      original_file_name: 'notes.pdf',
      reference: '/',
      created_at: recent(180),
      violations: JSON.stringify([
        {
          propertyPath: '',
          message: 'Not an invoice file: only .xml and .xml.p7m files are read from a zip.',
        },
      ]),
      sent_at: null,
      sdi_id: null,
      sdi_file_name: null,
      invoice_uuid: null,
      marking: null,
      notice: 'Not sent: the file is not an invoice.',
      notice_code: 'notInvoice',
      upload_uuid: SAMPLE_UPLOAD_UUID,
      fixed: false,
    },
  ];
}

export const sampleTransferUuids = UUIDS;

const UPLOAD_UUID = '9f4a5c4e-c0b1-4d4c-9e7f-6a5b4c3d2e15';
const TRANSFER_UUID = '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b';

function matches(transfer: InvoiceTransfer, query: URLSearchParams): boolean {
  const name = query.get('original_file_name');
  if (name && !transfer.original_file_name.toLowerCase().includes(name.toLowerCase())) return false;
  const exists = query.get('exists[violations]');
  if (exists === 'true' && transfer.violations === null) return false;
  if (exists === 'false' && transfer.violations !== null) return false;
  const upload = query.get('upload_uuid');
  if (upload && transfer.upload_uuid !== upload) return false;
  const fixed = query.get('fixed');
  if (fixed !== null && String(transfer.fixed) !== fixed) return false;
  const created = Date.parse(transfer.created_at);
  const after = query.get('created_at[after]');
  if (after && created < Date.parse(after)) return false;
  const before = query.get('created_at[before]');
  if (before && created > Date.parse(before)) return false;
  const strictlyBefore = query.get('created_at[strictly_before]');
  if (strictlyBefore && created >= Date.parse(strictlyBefore)) return false;
  return true;
}

function csvOf(transfers: InvoiceTransfer[], separator: string): string {
  const cell = separator === 'semicolon' || separator === ';' ? ';' : ',';
  const lines = transfers.map((transfer) =>
    [transfer.uuid, transfer.original_file_name, transfer.reference].join(cell),
  );
  return `\uFEFF${['uuid', 'original_file_name', 'reference'].join(cell)}\r\n${lines.join('\r\n')}`;
}

export function transfersHandlers(seed: InvoiceTransfer[] = sampleTransfers()) {
  const transfers = [...seed];
  const folders = new Set<string>(['2026', '2026/november']);
  /** Transfers made by an upload, read on the next list request. */
  const reading = new Set<string>();
  let uploads = 0;

  const finishReading = () => {
    for (const uuid of reading) {
      const transfer = transfers.find((entry) => entry.uuid === uuid);
      if (!transfer) continue;
      if (transfer.original_file_name.includes('invalid')) {
        transfer.violations = JSON.stringify([
          { propertyPath: 'FatturaElettronicaHeader', message: 'Missing header.' },
        ]);
        transfer.notice = 'Not sent: the invoice has violations.';
      } else {
        transfer.invoice_uuid = sampleSentInvoiceUuid;
        transfer.sent_at = new Date().toISOString();
        transfer.marking = 'delivered';
        transfer.notice = 'Sent to SDI as a customer invoice.';
      }
      transfer.notice_code = transferNoticeCodeOf(transfer.notice);
    }
    reading.clear();
  };

  /** The service's count of an upload's transfers, as GET /it/uploads/{uuid} answers it. */
  const progressOf = (upload: TransferUploaded): TransferUploadProgress => {
    const made = transfers.filter((transfer) => transfer.upload_uuid === upload.uuid);
    const read = made.filter((transfer) => !reading.has(transfer.uuid));
    return {
      uuid: upload.uuid,
      reference: upload.reference,
      original_file_name: upload.original_file_name,
      kind: upload.kind,
      status: read.length === upload.total ? 'processed' : 'queued',
      total: upload.total,
      transfers: made.length,
      processed: read.length,
      sent: read.filter((transfer) => transfer.invoice_uuid !== null).length,
      with_violations: read.filter((transfer) => transfer.violations !== null).length,
      // The MSW SDI answers at once: what a transfer sent is delivered, or rejected as marked.
      sdi: {
        waiting: 0,
        refused: read.filter((transfer) => transfer.marking === 'rejected').length,
        issued: read.filter(
          (transfer) => transfer.invoice_uuid !== null && transfer.marking !== 'rejected',
        ).length,
        refusals: [],
      },
      created_at: upload.created_at,
      processed_at: read.length === upload.total ? new Date().toISOString() : null,
    };
  };
  const uploadsByUuid = new Map<string, TransferUploaded>();

  return [
    http.get(apiUrl('it', '/invoice-transfers'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const found = transfers.filter((transfer) => matches(transfer, query));
      if ((request.headers.get('Accept') ?? '').includes('text/csv')) {
        const page = query.get('page') ?? '1';
        return new HttpResponse(csvOf(found, query.get('separator') ?? 'comma'), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="invoice_transfers_${page}.csv"`,
          },
        });
      }
      const answer = hydraCollection(found.map((transfer) => ({ ...transfer })));
      finishReading();
      return answer;
    }),
    http.get(apiUrl('it', '/invoice-transfers/:uuid'), ({ params }) => {
      const transfer = transfers.find((entry) => entry.uuid === params.uuid);
      return transfer ? HttpResponse.json(transfer) : notFound();
    }),
    http.get(apiUrl('it', '/invoice-transfers/:uuid/download'), ({ params }) => {
      const transfer = transfers.find((entry) => entry.uuid === params.uuid);
      if (!transfer || transfer.invoice_type === null) return notFound();
      return new HttpResponse('<FatturaElettronica/>', {
        headers: {
          'Content-Type': 'application/xml; charset=utf-8',
          'Content-Disposition': `attachment; filename="${transfer.original_file_name}"`,
        },
      });
    }),
    http.get(apiUrl('transfer', '/it/uploads/:uuid'), ({ params }) => {
      const upload = uploadsByUuid.get(String(params.uuid));
      if (!upload) return notFound();
      const answer = HttpResponse.json(progressOf(upload));
      finishReading();
      return answer;
    }),
    http.get(apiUrl('transfer', '/it/dirs'), ({ request }) => {
      const prefix = new URL(request.url).searchParams.get('prefix') ?? '';
      if (prefix !== '' && !folders.has(prefix)) return notFound();
      const depth = prefix === '' ? 1 : prefix.split('/').length + 1;
      const dirs = [...folders]
        .filter(
          (folder) =>
            folder.split('/').length === depth &&
            (prefix === '' || folder.startsWith(`${prefix}/`)),
        )
        .sort();
      return HttpResponse.json({ root_dir: prefix === '' ? '/' : prefix, dirs });
    }),
    http.post(apiUrl('transfer', '/it/upload'), async ({ request }) => {
      const parsed = await parseBody(request, transferUploadSchema);
      if (!parsed.ok) return parsed.response;
      const { path } = parsed.data;
      if (path.startsWith('/') || path.split('/').some((part) => part === '..' || part === ''))
        return unprocessable([
          {
            propertyPath: 'path',
            message: 'The path must be relative to the transfer tree.',
            code: 'invalid',
          },
        ]);
      const segments = path.split('/');
      const fileName = segments.at(-1) ?? path;
      const folder = segments.slice(0, -1).join('/');
      for (let depth = 1; depth < segments.length; depth += 1)
        folders.add(segments.slice(0, depth).join('/'));
      uploads += 1;
      const createdAt = new Date().toISOString();
      const uploadUuid = `${UPLOAD_UUID.slice(0, -2)}${String(uploads).padStart(2, '0')}`;
      const transfer: InvoiceTransfer = {
        ...sampleTransfers()[1]!,
        uuid: `${TRANSFER_UUID.slice(0, -2)}${String(uploads).padStart(2, '0')}`,
        upload_uuid: uploadUuid,
        original_file_name: fileName,
        reference: folder === '' ? '/' : folder,
        created_at: createdAt,
        violations: null,
        // As the transfer service: a single file's transfer is listed at once, queued.
        notice: 'Queued: the file is being read.',
        notice_code: 'queued',
        customer_name: 'BETA SPA',
      };
      transfers.unshift(transfer);
      reading.add(transfer.uuid);
      const uploaded: TransferUploaded = {
        uuid: uploadUuid,
        path,
        reference: transfer.reference,
        original_file_name: fileName,
        kind: fileName.toLowerCase().endsWith('.zip') ? 'zip' : 'invoice',
        size: 1234,
        total: 1,
        created_at: createdAt,
      };
      uploadsByUuid.set(uploadUuid, uploaded);
      return HttpResponse.json(uploaded, { status: 202 });
    }),
  ];
}
