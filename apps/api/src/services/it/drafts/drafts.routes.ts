import { z } from 'zod';
import {
  invoiceCreatedSchema,
  invoiceHeadersSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceUuidParamsSchema,
  problemSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { ResourceRoute } from '../../../platform/http/resource-routes.ts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { assertCanDraft } from '../invoice-access.ts';
import type { InvoiceKind } from '../invoices/invoice-intake.ts';
import { flag } from '../invoices/invoices.routes.ts';
import type { DraftsService } from './drafts.service.ts';

const KINDS = [
  ['/invoices/draft', 'standard'],
  ['/invoices/simplified/draft', 'simplified'],
] as const satisfies readonly (readonly [string, InvoiceKind])[];

/** Create, update, send and delete of one kind of draft (standard or simplified). */
function draftKindRoutes(service: DraftsService, base: string, kind: InvoiceKind): ResourceRoute[] {
  return [
    itemRoute('POST', base, {
      summary: `Create a ${kind} draft (X-Draft-Blocked: true → marking draft-blocked)`,
      description: 'JSON or XML body, like POST /invoices; a draft may be incomplete.',
      headers: invoiceHeadersSchema,
      response: invoiceCreatedSchema,
      status: 201,
      errors: { 400: problemSchema },
      handle: ({ actor, body, headers }) =>
        service.create(actor, body, kind, flag(headers['x-draft-blocked'])),
    }),
    itemRoute('PUT', `${base}/:uuid`, {
      summary: `Update a ${kind} draft`,
      params: invoiceUuidParamsSchema,
      headers: invoiceHeadersSchema,
      response: invoiceSchema,
      errors: { 400: problemSchema },
      handle: ({ actor, params, body, headers }) => {
        const header = headers['x-draft-blocked'];
        return service.update(
          actor,
          params.uuid,
          body,
          kind,
          header === undefined ? undefined : flag(header),
        );
      },
    }),
    itemRoute('POST', `${base}/:uuid/send`, {
      summary: `Send a ${kind} draft (409 'draft send error blocked' when blocked)`,
      params: invoiceUuidParamsSchema,
      response: invoiceCreatedSchema,
      status: 202,
      errors: { 400: problemSchema, 409: problemSchema },
      handle: ({ actor, params }) => service.send(actor, params.uuid, kind),
    }),
    noContentRoute('DELETE', `${base}/:uuid`, {
      summary: `Delete a ${kind} draft`,
      params: invoiceUuidParamsSchema,
      handle: ({ actor, params }) => service.delete(actor, params.uuid),
    }),
  ];
}

/** Drafts: invoices kept before sending (ROLE_INVOICING or ROLE_INVOICING_DRAFT). */
export const draftsRoutes = resourceRoutes({
  tags: ['gov-it: drafts'],
  access: assertCanDraft,
  routes: ({ service }: { service: DraftsService }) => [
    collectionRoute('/invoices/draft', {
      summary: 'List drafts',
      description:
        'Filters: uuid, created_at / createdAt[…], invoiceDate[…], sender.fiscalId, recipient.fiscalId, sender.business_name, recipient.business_name, page, itemsPerPage.',
      querystring: invoiceListQuerySchema,
      member: invoiceSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    ...KINDS.flatMap(([base, kind]) => draftKindRoutes(service, base, kind)),
  ],
  // One draft as JSON or as its XML: content negotiation, hand-written.
  handWritten: (app, { service }, { tags, security }) => {
    app.get(
      '/invoices/draft/:uuid',
      {
        schema: {
          tags,
          security,
          summary: 'One draft as JSON, or its XML as it would be sent (Accept: application/xml)',
          params: invoiceUuidParamsSchema,
          response: {
            200: {
              description: 'The draft',
              content: {
                'application/json': { schema: invoiceSchema },
                'application/xml': { schema: z.string() },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const type = request.accepts().type(['application/json', 'application/xml', 'text/xml']);
        if (type === 'application/xml' || type === 'text/xml') {
          return reply
            .type('application/xml; charset=utf-8')
            .send(await service.xml(actorOf(request), request.params.uuid));
        }
        return reply
          .type('application/json; charset=utf-8')
          .send(await service.get(actorOf(request), request.params.uuid));
      },
    );
  },
});
