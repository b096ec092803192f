import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { plInvoiceDetailsSchema, problemSchema } from '@fiscus/contracts';
import { fileResponse, sendFile } from '../../../platform/http/file-response.ts';
import type { PlInvoiceWithAttachments } from './invoices.repository.ts';
import type { PlInvoicesService } from './invoices.service.ts';

/** `?lang=pl|en` of the HTML and PDF; `?rawContent=true` asks for the XML whatever Accept says. */
export const representationQuerySchema = z.object({
  lang: z.enum(['pl', 'en']).optional(),
  rawContent: z.enum(['true', 'false', '1', '0']).optional(),
});

const TYPES = ['application/json', 'text/html', 'application/xml', 'application/pdf'];

export const representationResponses = {
  200: {
    ...fileResponse(
      'The invoice: JSON, its HTML visualisation, the FA XML as sent, or a PDF',
      TYPES,
    ),
    content: {
      ...fileResponse('', TYPES).content,
      'application/json': { schema: plInvoiceDetailsSchema },
    },
  },
  404: problemSchema,
};

const fileBase = (row: PlInvoiceWithAttachments) =>
  `faktura_${row.ksefReferenceNumber ?? row.invoiceNumber}`;

/**
 * One invoice in the representation asked for (spec 7 "Invoice view", "XML download"): JSON
 * (default), HTML (shown inside the page), the XML exactly as sent (its bytes make the KSeF
 * hash: never re-encoded) or a PDF.
 */
export async function answerInvoice(
  request: FastifyRequest,
  reply: FastifyReply,
  service: PlInvoicesService,
  row: PlInvoiceWithAttachments,
  query: z.infer<typeof representationQuerySchema>,
): Promise<FastifyReply> {
  const raw = query.rawContent === 'true' || query.rawContent === '1';
  const wanted = raw ? 'application/xml' : request.accepts().type(TYPES) || 'application/json';
  const lang = query.lang ?? 'pl';
  if (wanted === 'application/xml') {
    return sendFile(reply, {
      type: 'application/xml',
      body: Buffer.from(row.xml),
      fileName: `${fileBase(row)}.xml`,
    });
  }
  if (wanted === 'application/pdf') {
    return sendFile(reply, {
      type: 'application/pdf',
      body: Buffer.from(await service.pdf(row, lang)),
      fileName: `${fileBase(row)}.pdf`,
    });
  }
  if (wanted === 'text/html') {
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      )
      .send(await service.html(row, lang));
  }
  return reply.type('application/json').send(await service.details(row));
}

export function sendUpo(
  reply: FastifyReply,
  service: PlInvoicesService,
  row: PlInvoiceWithAttachments,
) {
  return sendFile(reply, {
    type: 'application/xml',
    body: service.upo(row),
    fileName: `UPO_${row.ksefReferenceNumber ?? row.invoiceNumber}.xml`,
  });
}

export function sendAttachment(
  reply: FastifyReply,
  service: PlInvoicesService,
  row: PlInvoiceWithAttachments,
  attachmentUuid: string,
) {
  const attachment = service.attachment(row, attachmentUuid);
  return sendFile(reply, {
    type: 'text/plain; charset=utf-8',
    body: attachment.content,
    fileName: attachment.filename,
  });
}
