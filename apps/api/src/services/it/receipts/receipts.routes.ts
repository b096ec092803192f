import {
  problemSchema,
  receiptDetailsSchema,
  receiptListQuerySchema,
  receiptParamsSchema,
  receiptRequestSchema,
  receiptReturnRequestSchema,
  receiptSchema,
} from '@fiscus/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth.ts';
import { sendFile } from '../../../platform/http/file-response.ts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { assertReceiptsUser } from './receipt-access.ts';
import type { ReceiptsService } from './receipts.service.ts';

/** The smart receipt calls (italian-invoicing spec 7; provider section 4). */
export const receiptsRoutes = resourceRoutes({
  tags: ['gov-it: smart receipts'],
  access: assertReceiptsUser,
  routes: ({ service }: { service: ReceiptsService }) => [
    collectionRoute('/receipts', {
      summary: 'Smart receipts (sales, returns, voids), newest first',
      description:
        'Filters: type, status, document_number, business_registry_configuration.fiscal_id[], created_at and document_date with [after], [before], [strictly_after], [strictly_before].',
      querystring: receiptListQuerySchema,
      member: receiptSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('POST', '/receipts', {
      summary: 'Sends a sale: checked at once (400 with violations), then sent to the Agenzia',
      body: receiptRequestSchema,
      response: receiptSchema,
      status: 201,
      errors: { 400: problemSchema, 403: problemSchema },
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('GET', '/receipts/:uuid', {
      summary: 'One receipt',
      params: receiptParamsSchema,
      response: receiptSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('POST', '/receipts/:uuid/return', {
      summary: 'Returns items of an accepted sale (never more than still returnable)',
      params: receiptParamsSchema,
      body: receiptReturnRequestSchema,
      response: receiptSchema,
      status: 201,
      errors: { 400: problemSchema, 404: problemSchema },
      handle: ({ actor, params, body }) => service.returnItems(actor, params.uuid, body),
    }),
    noContentRoute('DELETE', '/receipts/:uuid', {
      summary: 'Voids an accepted sale (once; not after a return)',
      params: receiptParamsSchema,
      errors: { 404: problemSchema, 409: problemSchema },
      handle: ({ actor, params }) => service.void(actor, params.uuid),
    }),
  ],
  handWritten: (app, { service }, { tags, security }) => {
    app.get(
      '/receipts/:uuid/details',
      {
        schema: {
          tags,
          security,
          summary:
            "A receipt's totals, payments and lines (with the Agenzia's item ids), or the receipt as a PDF (Accept: application/pdf)",
          params: receiptParamsSchema,
          response: {
            200: {
              description: 'The details, or the documento commerciale',
              content: {
                'application/json': { schema: receiptDetailsSchema },
                'application/pdf': { schema: z.string() },
              },
            },
            404: problemSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const type = request.accepts().type(['application/json', 'application/pdf']);
        if (type === 'application/pdf') {
          const pdf = await service.pdf(actor, request.params.uuid);
          return sendFile(reply, {
            type: 'application/pdf',
            body: pdf.body,
            fileName: pdf.fileName,
          });
        }
        return reply
          .type('application/json; charset=utf-8')
          .send(await service.details(actor, request.params.uuid));
      },
    );
  },
});
