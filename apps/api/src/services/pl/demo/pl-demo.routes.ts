import { z } from 'zod';
import {
  plDemoArchiveResultSchema,
  plDemoArchiveSchema,
  plDemoGenerateSchema,
  plDemoSendResultSchema,
  plDemoStatusQuerySchema,
  plDemoStatusSchema,
  plInfrastructureInfoSchema,
  problemSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import {
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { badRequest } from '../../../platform/problem-errors.ts';
import { MAX_INVOICE_BYTES } from '../invoices/invoices.routes.ts';
import { assertPolishAdmin } from '../pl-access.ts';
import type { PlDemoService } from './pl-demo.service.ts';

/** The Polish demo's calls (spec 7 "Polish demo"): admins in the Polish context only. */
export const plDemoRoutes = resourceRoutes({
  tags: ['pl: demo'],
  access: assertPolishAdmin,
  routes: ({ service }: { service: PlDemoService }) => [
    itemRoute('POST', '/invoices/v2/generate', {
      summary: 'Generates invoices from nip1 (an active legal entity) to nip2 and sends them',
      body: plDemoGenerateSchema,
      response: z.object({ generated: z.number().int(), uuids: z.array(z.uuid()) }),
      status: 202,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.generate(actor, body),
    }),
    itemRoute('GET', '/invoices/demo-statuses', {
      summary: 'The demo invoices of a NIP and their statuses',
      querystring: plDemoStatusQuerySchema,
      response: z.array(plDemoStatusSchema),
      handle: ({ actor, query }) =>
        service.statuses(actor, query.nip1, query.order_filter ?? 'DESC'),
    }),
    noContentRoute('DELETE', '/invoices/demo-statuses/restart', {
      summary: 'Empties the demo’s status table (the invoices stay in the lists)',
      handle: ({ actor }) => service.restart(actor),
    }),
    itemRoute('POST', '/demo-statuses/session-archive-emulation', {
      summary: 'Runs the sandbox’s session archive for nip1 now: numbers and UPOs at once',
      body: plDemoArchiveSchema,
      response: plDemoArchiveResultSchema,
      errors: { 422: problemSchema },
      handle: ({ actor, body }) => service.archive(actor, body.nip1),
    }),
    itemRoute('GET', '/infrastructure/info', {
      summary: 'Which KSeF this instance talks to, and its timings',
      response: plInfrastructureInfoSchema,
      handle: ({ actor }) => service.info(actor),
    }),
  ],
  handWritten: (app, { service }, { tags, security }) => {
    app.addContentTypeParser(
      ['application/xml', 'text/xml', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: MAX_INVOICE_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/invoices/v1/attachments',
      {
        bodyLimit: MAX_INVOICE_BYTES,
        schema: {
          tags,
          security,
          summary: 'Sends one FA(3) invoice as pasted (the demo’s single tab)',
          response: { 202: plDemoSendResultSchema, 400: problemSchema, 422: problemSchema },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) {
          throw badRequest('Send the FA(3) invoice as application/xml.');
        }
        return reply.code(202).send(await service.sendSingle(actorOf(request), request.body));
      },
    );
  },
});
