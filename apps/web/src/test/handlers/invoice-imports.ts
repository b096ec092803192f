/**
 * `POST /api/it/customer-invoice-imports` and `/supplier-invoice-imports`: checked with the API's
 * schemas; like the API, a notification file must be of the type it is sent as (422 otherwise).
 */
import {
  customerInvoiceImportSchema,
  supplierInvoiceImportSchema,
  violationCodes,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, parseBody, unprocessable } from './http';

/** The uuid every import answers with. */
export const importedInvoiceUuid = '5b0f7c8e-2d3a-4c1b-9e8f-7a6b5c4d3e2f';

/** SDI notification root elements and their types. */
const notificationRoots: Record<string, string> = {
  RicevutaConsegna: 'RC',
  NotificaScarto: 'NS',
  NotificaMancataConsegna: 'MC',
  NotificaEsito: 'NE',
  NotificaDecorrenzaTermini: 'DT',
  AttestazioneTrasmissioneFattura: 'AT',
};

/** The type of an SDI notification file (base64 XML) by its root element, if it is one. */
function notificationType(base64: string): string | undefined {
  const xml = atob(base64);
  const start = xml.indexOf('<') + 1;
  const name = xml.slice(start).split(/[\s/>]/, 1)[0] ?? '';
  return notificationRoots[name.slice(name.indexOf(':') + 1)];
}

export function invoiceImportsHandlers() {
  return [
    http.post(apiUrl('it', '/customer-invoice-imports'), async ({ request }) => {
      const body = await parseBody(request, customerInvoiceImportSchema);
      if (!body.ok) return body.response;
      for (const [type, file] of Object.entries(body.data.notifications ?? {})) {
        const actual = notificationType(file);
        if (actual !== undefined && actual !== type) {
          return unprocessable([
            {
              propertyPath: `notifications.${type}`,
              message: `The file is a ${actual} notification, not ${type}.`,
              code: violationCodes.invalidChoice,
            },
          ]);
        }
      }
      return HttpResponse.json({ uuid: importedInvoiceUuid }, { status: 201 });
    }),
    http.post(apiUrl('it', '/supplier-invoice-imports'), async ({ request }) => {
      const body = await parseBody(request, supplierInvoiceImportSchema);
      if (!body.ok) return body.response;
      return HttpResponse.json({ uuid: importedInvoiceUuid }, { status: 201 });
    }),
  ];
}
