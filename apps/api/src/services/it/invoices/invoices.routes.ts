import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentParamsSchema,
  downloadedRequestSchema,
  downloadedResponseSchema,
  fixInfoSchema,
  hydraCollectionSchema,
  invoiceCreatedSchema,
  invoiceHeadersSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceUuidParamsSchema,
  invoiceValidResponseSchema,
  notificationSchema,
  problemSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import { attachmentDisposition, safeFileName } from '../../../platform/http/content-disposition.ts';
import { sendFile } from '../../../platform/http/file-response.ts';
import type { InvoiceKind } from './invoice-intake.ts';
import { csvFormatOf, invoicesCsv, type CsvFormat } from './invoice-csv.ts';
import type { InvoicesService, PrintTheme } from './invoices.service.ts';
import { toInvoiceItem } from './invoices.service.ts';

const tags = ['gov-it: invoices'];
const security = [{ bearerAuth: [] }];

const BODY_DESCRIPTION =
  'The invoice as JSON (snake_case FatturaPA model) or as a file: `application/xml` (also ' +
  '`text/xml`), or a signed `.p7m` as `application/pkcs7-mime` / `application/octet-stream` ' +
  '(DER) or base64 text. Invalid invoices answer 400 with violations ' +
  '[{propertyPath, propertyContent, message, code}].';

export function flag(value: unknown): boolean {
  return value === 'true' || value === '1';
}

export function themeOf(request: FastifyRequest): PrintTheme {
  return request.headers['x-printtheme'] === 'compact' ? 'compact' : 'standard';
}

/** The CSV format asked for: `separator` in the query, else the client's language (see csvFormatOf). */
function csvFormatOfRequest(request: FastifyRequest): CsvFormat {
  const { separator } = request.query as { separator?: unknown };
  return csvFormatOf(
    typeof separator === 'string' ? separator : undefined,
    request.headers['accept-language'],
  );
}

/** GET /invoices/{uuid} in the representation the client accepts (json, xml, pdf, html). */
async function sendInvoice(
  service: InvoicesService,
  request: FastifyRequest,
  reply: FastifyReply,
  uuid: string,
) {
  const actor = actorOf(request);
  const type = request
    .accepts()
    .type([
      'application/json',
      'application/ld+json',
      'application/xml',
      'text/xml',
      'application/pdf',
      'text/html',
    ]);
  const row = await service.get(actor, uuid);
  const name = invoiceFileName(row).replace(/\.xml$/i, '');
  switch (type) {
    case 'application/xml':
    case 'text/xml':
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${name}.xml`))
        .send(row.xml);
    case 'application/pdf':
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(`${name}.pdf`))
        .send(Buffer.from(await service.pdf(row, themeOf(request))));
    case 'text/html':
      return reply.type('text/html; charset=utf-8').send(await service.html(row, themeOf(request)));
    default:
      return reply
        .type('application/json; charset=utf-8')
        .send(await service.getItem(actor, uuid, flag(request.headers['x-extended-output'])));
  }
}

export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  for (const [path, kind] of [
    ['/invoices', 'standard'],
    ['/invoices/simplified', 'simplified'],
  ] as const satisfies readonly (readonly [string, InvoiceKind])[]) {
    app.post(
      path,
      {
        schema: {
          tags,
          security,
          summary: `Send a ${kind === 'simplified' ? 'simplified (FSM10)' : 'standard (FPA12/FPR12)'} invoice to SDI`,
          description: BODY_DESCRIPTION,
          headers: invoiceHeadersSchema,
          response: { 202: invoiceCreatedSchema, 400: problemSchema, 422: problemSchema },
        },
      },
      async (request, reply) => {
        const created = await service.create(actorOf(request), request.body, kind, {
          fixInvoiceUuid: request.headers['x-fix-invoice-uuid'],
          disableEndpoints: flag(request.headers['x-disableendpoints']),
        });
        return reply.code(202).send(created);
      },
    );
    app.post(
      `${path}/validate`,
      {
        schema: {
          tags,
          security,
          summary: 'Validate an invoice without sending it',
          description: BODY_DESCRIPTION,
          response: { 200: invoiceValidResponseSchema, 400: problemSchema },
        },
      },
      async (request) => service.validate(actorOf(request), request.body, kind),
    );
  }

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        security,
        summary: 'List customer (type=0) or supplier (type=1) invoices',
        description:
          'Filters: uuid, createdAt[after|before|strictly_after|strictly_before], invoiceDate[…], ' +
          'invoiceNumber, documentType, marking / marking[], sender.businessName, sender.fiscalId, ' +
          'recipient.businessName, recipient.fiscalId, downloaded, toPa, signed, stamp (1/0/true/false/blank), ' +
          'rejectedToFix=1, order[invoiceDate|invoiceNumber|createdAt]=asc|desc, page, itemsPerPage. ' +
          'Accept: application/json (array), application/ld+json (hydra), text/csv (the page), ' +
          'application/zip (the page: index.csv plus each XML; PDFs with X-Print-PDF: true; metadata JSON with X-Zip-Content: metadata).',
        querystring: withPropertyFilter(invoiceListQuerySchema),
        headers: invoiceHeadersSchema,
        response: {
          200: collectionResponse(z.array(invoiceSchema), hydraCollectionSchema(invoiceSchema)),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const type = request
        .accepts()
        .type(['application/json', 'application/ld+json', 'text/csv', 'application/zip']);
      if (type === 'application/zip') {
        const zipContent = request.headers['x-zip-content'];
        const printPdf = flag(request.headers['x-print-pdf']) || zipContent === 'pdf';
        const content = printPdf ? 'pdf' : zipContent === 'metadata' ? 'metadata' : 'xml';
        const {
          zip,
          page,
          type: direction,
        } = await service.zipPage(
          actor,
          request.query,
          content,
          themeOf(request),
          csvFormatOfRequest(request),
        );
        const name = `${direction === 1 ? 'supplier' : 'customer'}_invoices_${page}.zip`;
        return sendFile(reply, { type: 'application/zip', body: zip, fileName: name });
      }
      if (type === 'text/csv') {
        const page = await service.listRows(actor, request.query);
        return sendFile(reply, {
          type: 'text/csv; charset=utf-8',
          body: invoicesCsv(page.items, csvFormatOfRequest(request)),
          fileName: `report_${page.page}.csv`,
        });
      }
      return sendCollection(
        request,
        reply,
        await service.list(actor, request.query, flag(request.headers['x-extended-output'])),
      );
    },
  );

  app.get(
    '/invoices/report',
    {
      schema: {
        tags,
        security,
        summary: 'CSV report of the filtered invoices (at most 5,000 rows)',
        description:
          'Same filters as GET /invoices. Cells starting with =, +, -, @ are prefixed with a quote. ' +
          'UTF-8 with a byte order mark; separator=; (or semicolon) or , (comma), by default ; with ' +
          'decimal commas when Accept-Language starts with a decimal-comma language (it, pl, de…).',
        querystring: invoiceListQuerySchema,
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const csv = await service.report(
        actorOf(request),
        request.query,
        csvFormatOfRequest(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('report.csv'))
        .send(csv);
    },
  );

  app.post(
    '/invoices/downloaded',
    {
      schema: {
        tags,
        security,
        summary: 'Mark invoices as downloaded or not downloaded',
        body: downloadedRequestSchema,
        response: { 200: downloadedResponseSchema },
      },
    },
    async (request) =>
      service.setDownloaded(actorOf(request), request.body.uuids, request.body.downloaded),
  );

  app.get(
    '/invoices/:uuid',
    {
      schema: {
        tags,
        security,
        summary: 'One invoice as JSON, XML, PDF or HTML (Accept; X-PrintTheme for PDF/HTML)',
        params: invoiceUuidParamsSchema,
        headers: invoiceHeadersSchema,
        response: {
          200: {
            description: 'The invoice',
            content: {
              'application/json': { schema: invoiceSchema },
              'application/xml': { schema: z.string() },
              'application/pdf': { schema: z.string() },
              'text/html': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => sendInvoice(service, request, reply, request.params.uuid),
  );

  app.get(
    '/invoices/:uuid/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'SDI notifications of an invoice',
        params: invoiceUuidParamsSchema,
        response: { 200: z.array(notificationSchema) },
      },
    },
    async (request) => service.notifications(actorOf(request), request.params.uuid),
  );

  app.get(
    '/notifications/:uuid',
    {
      schema: {
        tags,
        security,
        summary: 'One notification: its signed MessaggiTypes XML (Accept: application/xml) or JSON',
        params: invoiceUuidParamsSchema,
        response: {
          200: {
            description: 'The notification',
            content: {
              'application/xml': { schema: z.string() },
              'application/json': { schema: notificationSchema },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (
        request.accepts().type(['application/xml', 'text/xml', 'application/json']) ===
        'application/json'
      ) {
        return reply
          .type('application/json; charset=utf-8')
          .send(await service.notificationItem(actor, request.params.uuid));
      }
      const { fileName, xml } = await service.notificationXml(actor, request.params.uuid);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileName))
        .send(xml);
    },
  );

  app.get(
    '/invoices/:uuid/fix-info',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the invoice can be fixed',
        params: invoiceUuidParamsSchema,
        response: { 200: fixInfoSchema },
      },
    },
    async (request) => service.fixInfo(actorOf(request), request.params.uuid),
  );

  app.put(
    '/invoices/:uuid/archive-rejected',
    {
      schema: {
        tags,
        security,
        summary: 'Archive a rejected invoice as solved',
        params: invoiceUuidParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => {
      return toInvoiceItem(await service.archiveRejected(actorOf(request), request.params.uuid));
    },
  );

  app.get(
    '/invoices/:uuid/attachments/:index',
    {
      schema: {
        tags,
        security,
        summary: 'An attachment (Allegati) of the invoice, by position from 0',
        params: attachmentParamsSchema,
        response: {
          200: { description: 'The file', content: { 'application/pdf': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const file = await service.attachment(
        actorOf(request),
        request.params.uuid,
        request.params.index,
      );
      return sendFile(reply, { type: file.mime, body: file.data, fileName: file.name });
    },
  );
};

/**
 * The name an invoice's file goes by: SDI's file name once SDI has it; before (a waiting, held or
 * never transmitted invoice) the name FatturaPA gives a file, IT + the transmitter's code + '_' +
 * ProgressivoInvio; the uuid only for a document without its transmission data.
 */
export function invoiceFileName(row: {
  uuid: string;
  sdiFileName: string | null;
  payload: unknown;
}) {
  if (row.sdiFileName) return row.sdiFileName;
  const transmission = (
    row.payload as {
      fattura_elettronica_header?: {
        dati_trasmissione?: {
          id_trasmittente?: { id_paese?: unknown; id_codice?: unknown };
          progressivo_invio?: unknown;
        };
      };
    } | null
  )?.fattura_elettronica_header?.dati_trasmissione;
  const country = transmission?.id_trasmittente?.id_paese;
  const code = transmission?.id_trasmittente?.id_codice;
  const progressive = transmission?.progressivo_invio;
  if (typeof country !== 'string' || typeof code !== 'string' || typeof progressive !== 'string')
    return `${row.uuid}.xml`;
  return safeFileName(`${country}${code}_${progressive}.xml`, `${row.uuid}.xml`);
}
