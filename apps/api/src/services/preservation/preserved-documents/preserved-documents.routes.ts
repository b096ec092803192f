import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  preservedDocumentListQuerySchema,
  preservedDocumentParamsSchema,
  preservedDocumentSchema,
  preservedDocumentTypeParamsSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import { attachmentDisposition } from '../../../platform/http/content-disposition.ts';
import type { PreservationService } from '../../it/preservation/preservation.service.ts';

const tags = ['preservation: preserved documents'];
const security = [{ bearerAuth: [] }];
const xmlFile = { description: 'XML file', content: { 'application/xml': { schema: z.string() } } };

/** The preservation service (/api/preservation): list and downloads of preserved documents. */
export const preservedDocumentsRoutes: FastifyPluginAsyncZod<{
  service: PreservationService;
}> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/preserved-documents/it/:documentType',
    {
      schema: {
        tags,
        security,
        description:
          'documentType: customer-invoice or supplier-invoice. Filters: status, created_at[after|before|strictly_after|strictly_before].',
        params: preservedDocumentTypeParamsSchema,
        querystring: withPropertyFilter(preservedDocumentListQuerySchema),
        response: {
          200: collectionResponse(
            z.array(preservedDocumentSchema),
            hydraCollectionSchema(preservedDocumentSchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(
        request,
        reply,
        await service.list(actorOf(request), request.params.documentType, request.query),
      ),
  );

  app.get(
    '/preserved-documents/it/:documentType/:uuid/original-document',
    {
      schema: { tags, security, params: preservedDocumentParamsSchema, response: { 200: xmlFile } },
    },
    async (request, reply) => {
      const { documentType, uuid } = request.params;
      const file = await service.originalDocument(actorOf(request), documentType, uuid);
      return sendXml(reply, file);
    },
  );

  app.get(
    '/preserved-documents/it/:documentType/:uuid/receipt',
    {
      schema: {
        tags,
        security,
        description:
          'Deposit receipt once the document is stored: XML, or PDF with Accept: application/pdf.',
        params: preservedDocumentParamsSchema,
        response: {
          200: {
            description: 'Receipt file',
            content: {
              'application/xml': { schema: z.string() },
              'application/pdf': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { documentType, uuid } = request.params;
      const format = prefersPdf(request.headers.accept) ? 'pdf' : 'xml';
      const file = await service.receipt(actorOf(request), documentType, uuid, format);
      if (typeof file.content === 'string')
        return sendXml(reply, { fileName: file.fileName, xml: file.content });
      return sendPdf(reply, { fileName: file.fileName, pdf: file.content });
    },
  );
};

/** PDF only when asked for and ranked above XML; XML is the receipt's native form. */
function prefersPdf(accept: string | undefined): boolean {
  const rank = (type: string) => {
    const entry = (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .find(([name]) => name?.trim().toLowerCase() === type);
    if (!entry) return -1;
    const q = entry.slice(1).find((param) => param.trim().startsWith('q='));
    return q ? Number(q.trim().slice(2)) : 1;
  };
  const pdf = rank('application/pdf');
  return pdf > 0 && pdf > Math.max(rank('application/xml'), rank('text/xml'));
}

function sendXml(reply: FastifyReply, file: { fileName: string; xml: string }): FastifyReply {
  // The original's name is the invoice's SDI file name: checked on import, reduced here anyway.
  reply.header('content-disposition', attachmentDisposition(file.fileName));
  return reply.type('application/xml; charset=utf-8').send(file.xml);
}

function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }): FastifyReply {
  reply.header('content-disposition', attachmentDisposition(file.fileName));
  return reply.type('application/pdf').send(file.pdf);
}
