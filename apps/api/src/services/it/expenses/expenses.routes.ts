import {
  expenseBatchRequestSchema,
  expenseListQuerySchema,
  expenseParamsSchema,
  expenseReceiptParamsSchema,
  expenseReceiptSchema,
  expenseRequestSchema,
  expenseSchema,
  hydraCollectionSchema,
  problemSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import { sendFile } from '../../../platform/http/file-response.ts';
import { anyAccount, itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { ExpensesService } from './expenses.service.ts';

/** The Sistema TS expense calls (account spec 7 "Expenses (base /sistema-ts/expenses)"). */
export const expensesRoutes = resourceRoutes({
  tags: ['gov-it: Sistema TS expenses'],
  access: anyAccount,
  routes: ({ service }: { service: ExpensesService }) => [
    itemRoute('POST', '/sistema-ts/expenses', {
      summary: 'Sends one expense to Sistema TS (checked at once: 422 with violations)',
      body: expenseRequestSchema,
      response: expenseSchema,
      status: 201,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('POST', '/sistema-ts/expenses/batch', {
      summary: 'Sends several expenses of one owner to Sistema TS in one transmission',
      body: expenseBatchRequestSchema,
      response: z.array(expenseSchema),
      status: 201,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.createBatch(actor, body),
    }),
    itemRoute('GET', '/sistema-ts/expenses/:uuid', {
      summary: 'One expense with its transmissions (those with a protocol)',
      params: expenseParamsSchema,
      response: expenseSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('DELETE', '/sistema-ts/expenses/:uuid', {
      summary:
        'Cancels an expense Sistema TS accepted (flagOperazione C): 202, pending until processed; 409 otherwise',
      params: expenseParamsSchema,
      response: expenseSchema,
      status: 202,
      errors: { 404: problemSchema, 409: problemSchema },
      handle: ({ actor, params }) => service.cancel(actor, params.uuid),
    }),
    itemRoute('GET', '/sistema-ts/expenses/:uuid/receipts', {
      summary: "An expense's Sistema TS receipts, one a processed transmission",
      params: expenseParamsSchema,
      response: z.array(expenseReceiptSchema),
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.receipts(actor, params.uuid),
    }),
  ],
  handWritten: (app, { service }, { tags, security }) => {
    app.get(
      '/sistema-ts/expenses',
      {
        schema: {
          tags,
          security,
          summary: 'Expenses, newest first; or the receipts of the page as a zip',
          description:
            'Filters: codice_fiscale_proprietario, codice_fiscale_cittadino, expense_type, status, document_number, created_at and document_date with [after], [before], [strictly_after], [strictly_before]; ts (the console’s cache marker, ignored). Accept: application/json (array), application/ld+json (hydra), application/zip (the receipt PDFs of the page).',
          querystring: withPropertyFilter(expenseListQuerySchema),
          response: {
            200: collectionResponse(z.array(expenseSchema), hydraCollectionSchema(expenseSchema)),
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const type = request
          .accepts()
          .type(['application/json', 'application/ld+json', 'application/zip']);
        if (type === 'application/zip') {
          const { zip, page } = await service.zipPage(actor, request.query);
          return sendFile(reply, {
            type: 'application/zip',
            body: zip,
            fileName: `sistema_ts_receipts_${page}.zip`,
          });
        }
        return sendCollection(request, reply, await service.list(actor, request.query));
      },
    );
    app.get(
      '/sistema-ts/expenses/:uuid/receipts/:protocol',
      {
        schema: {
          tags,
          security,
          summary: 'A receipt (ricevuta) of the expense as Sistema TS gave it, as a PDF',
          params: expenseReceiptParamsSchema,
          response: {
            200: {
              description: 'The receipt',
              content: { 'application/pdf': { schema: z.string() } },
            },
            404: problemSchema,
          },
        },
      },
      async (request, reply) => {
        const pdf = await service.receiptPdf(
          actorOf(request),
          request.params.uuid,
          request.params.protocol,
        );
        return sendFile(reply, { type: 'application/pdf', body: pdf.body, fileName: pdf.fileName });
      },
    );
  },
});
