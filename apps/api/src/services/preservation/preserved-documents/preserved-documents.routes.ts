import {
  preservedDocumentListQuerySchema,
  preservedDocumentParamsSchema,
  preservedDocumentSchema,
  preservedDocumentTypeParamsSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { fileResponse, ranksAbove, sendFile } from '../../../platform/http/file-response.ts';
import { collectionRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { PreservationService } from '../../it/preservation/preservation.service.ts';
import { assertPreservationUser } from '../../it/preservation/preservation.service.ts';

const XML = 'application/xml; charset=utf-8';

/** The preservation service (/api/preservation): list and downloads of preserved documents. */
export const preservedDocumentsRoutes = resourceRoutes({
  tags: ['preservation: preserved documents'],
  access: assertPreservationUser,
  routes: ({ service }: { service: PreservationService }) => [
    collectionRoute('/preserved-documents/it/:documentType', {
      description:
        'documentType: customer-invoice or supplier-invoice. Filters: status, created_at[after|before|strictly_after|strictly_before].',
      params: preservedDocumentTypeParamsSchema,
      querystring: preservedDocumentListQuerySchema,
      member: preservedDocumentSchema,
      handle: ({ actor, params, query }) => service.list(actor, params.documentType, query),
    }),
  ],
  // File downloads: hand-written, their bodies are files (one negotiated), not JSON.
  handWritten: (app, { service }, { tags, security }) => {
    app.get(
      '/preserved-documents/it/:documentType/:uuid/original-document',
      {
        schema: {
          tags,
          security,
          params: preservedDocumentParamsSchema,
          response: {
            200: fileResponse('The original: XML for invoices, JSON for receipts', [
              'application/xml',
              'application/json',
            ]),
          },
        },
      },
      async (request, reply) => {
        const { documentType, uuid } = request.params;
        const file = await service.originalDocument(actorOf(request), documentType, uuid);
        // The original's name is the invoice's SDI file name: checked on import, reduced anyway.
        return sendFile(reply, { type: file.type, body: file.xml, fileName: file.fileName });
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
          response: { 200: fileResponse('Receipt file', ['application/xml', 'application/pdf']) },
        },
      },
      async (request, reply) => {
        const { documentType, uuid } = request.params;
        // XML is the receipt's native form: PDF only when ranked above it.
        const pdf = ranksAbove(request.headers.accept, 'application/pdf', [
          'application/xml',
          'text/xml',
        ]);
        const file = await service.receipt(
          actorOf(request),
          documentType,
          uuid,
          pdf ? 'pdf' : 'xml',
        );
        return sendFile(reply, {
          type: typeof file.content === 'string' ? XML : 'application/pdf',
          body: file.content,
          fileName: file.fileName,
        });
      },
    );
  },
});
