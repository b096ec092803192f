/**
 * The Polish demo's sandbox (`/api/pl`, admin only in the API): generated invoices whose status
 * moves one step (sent, delivered, confirmed) each time the statuses are asked, the restart, the
 * single invoice's send (an XML without `<Faktura` is refused as the API refuses it, with a title
 * and a detail) and its status (sent, then delivered with its KSeF number, then confirmed with
 * the UPO in base64), the session archive emulation and the infrastructure facts.
 */
import {
  PL_INVOICE_MESSAGES,
  plDemoGenerateSchema,
  type PlDemoStatus,
  type PlInfrastructureInfo,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, parseBody, problem } from './http';

export const plDemoInfo: PlInfrastructureInfo = {
  environment: 'sandbox',
  ksefEnvironment: 'test',
  ksefApiUrl: 'https://ksef-test.mf.gov.pl/api/v2',
  serverTime: '2026-12-07T10:00:00.000Z',
  numberDelaySeconds: 2,
  upoDelaySeconds: 5,
  offlineCutoff: '2026-12-08',
  logoUrl: null,
};

/** The UPO the single invoice gets once confirmed: its XML and the base64 the API sends. */
export const PL_DEMO_UPO_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Potwierdzenie><NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego></Potwierdzenie>';
export const PL_DEMO_UPO_BASE64 = btoa(
  String.fromCharCode(...new TextEncoder().encode(PL_DEMO_UPO_XML)),
);
export const PL_DEMO_KSEF_NUMBER = '5260250274-20261207-0100A1B2C3D4-5F';

const STEPS = ['sent', 'delivered', 'confirmed'] as const;

function next(status: string): string {
  const index = STEPS.indexOf(status as (typeof STEPS)[number]);
  return index >= 0 && index < STEPS.length - 1 ? STEPS[index + 1]! : status;
}

export function plDemoHandlers() {
  let rows: PlDemoStatus[] = [];
  const singles = new Map<string, number>();
  const url = (path: string) => apiUrl('pl', path);
  return [
    http.get(url('/invoices/demo-statuses'), ({ request }) => {
      const nip1 = new URL(request.url).searchParams.get('nip1');
      const shown = rows.filter((row) => row.invoiceCreatorNip === nip1);
      // What the sandbox did since the last look: every invoice one step further.
      rows = rows.map((row) => ({ ...row, status: next(row.status) }));
      return HttpResponse.json(shown);
    }),
    http.post(url('/invoices/v2/generate'), async ({ request }) => {
      const body = await parseBody(request, plDemoGenerateSchema);
      if (!body.ok) return body.response;
      const made = Array.from({ length: body.data.invoiceCount }, (_unused, index) => ({
        uuid: crypto.randomUUID(),
        invoiceCreatorNip: body.data.nip1,
        invoiceRecipientNip: body.data.nip2,
        invoiceNumber: `DEMO/2026/12/${String(rows.length + index + 1).padStart(3, '0')}`,
        direction: 'outgoing',
        status: 'sent',
      }));
      rows = [...made.reverse(), ...rows];
      return HttpResponse.json({ generated: made.length, uuids: made.map((row) => row.uuid) });
    }),
    http.delete(url('/invoices/demo-statuses/restart'), () => {
      rows = [];
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(url('/invoices/v1/attachments'), async ({ request }) => {
      const xml = await request.text();
      if (!xml.includes('<Faktura')) {
        return problem(422, 'Invalid invoice', PL_INVOICE_MESSAGES.not_fa, {
          type: '/errors/422',
        });
      }
      const uuid = crypto.randomUUID();
      singles.set(uuid, 0);
      const number = /<P_2>([^<]{1,64})<\/P_2>/.exec(xml)?.[1] ?? 'FV/DEMO/1';
      return HttpResponse.json({
        invoiceNumber: number,
        uuid,
        attachments: [{ filename: 'faktura.xml', filesize: 2621440 }],
      });
    }),
    http.get(url('/invoices/:uuid/status'), ({ params }) => {
      const uuid = String(params.uuid);
      const seen = singles.get(uuid);
      if (seen === undefined) return problem(404, 'Not Found', 'Not Found');
      singles.set(uuid, seen + 1);
      const status = STEPS[Math.min(seen, STEPS.length - 1)]!;
      return HttpResponse.json({
        status,
        upo: status === 'confirmed' ? PL_DEMO_UPO_BASE64 : null,
        ksefReferenceNumber: status === 'sent' ? null : PL_DEMO_KSEF_NUMBER,
      });
    }),
    http.post(url('/demo-statuses/session-archive-emulation'), async ({ request }) => {
      const body = (await request.json()) as { nip1?: string };
      return HttpResponse.json({
        archived: rows.filter((row) => row.invoiceCreatorNip === body.nip1).length,
      });
    }),
    http.get(url('/infrastructure/info'), () => HttpResponse.json(plDemoInfo)),
  ];
}
