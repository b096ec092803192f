import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoiceCreatedSchema,
  problemSchema,
  simulateNotificationBodySchema,
  simulateNotificationParamsSchema,
  simulateSupplierInvoiceBodySchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { SimulationService } from './simulation.service.ts';

const tags = ['gov-it: SDI sandbox'];
const security = [{ bearerAuth: [] }];

/** Scripted SDI outcomes; registered on sandbox instances only. */
export const simulationRoutes: FastifyPluginAsyncZod<{ service: SimulationService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/simulate/customer-notification/:type/:invoiceUuid',
    {
      schema: {
        tags,
        security,
        summary:
          'Sandbox: SDI answers a sent invoice with NS (error_code), MC, RC, NE (esito), DT or AT now',
        description:
          '`transport-failure` makes the next transmissions of a waiting invoice fail (quarantena). ' +
          'An outcome SDI could not send at the point the invoice has reached (e.g. AT on a B2B ' +
          'invoice, an NS after RC or MC, anything after NS, NE, DT or AT) is refused with 422 ' +
          '(`sdi_order`). SDI answers a file once, with RC, MC or NS: to rehearse a rejection, ' +
          'send the invoice to a recipient code starting with HOLD (HOLD001, or HOLDPA for a ' +
          'public administration), which the sandbox holds at SDI (marking sent) until an ' +
          'outcome is scripted.',
        params: simulateNotificationParamsSchema,
        body: simulateNotificationBodySchema,
        response: { 202: invoiceCreatedSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      const { type, invoiceUuid } = request.params;
      await service.notify(actorOf(request), invoiceUuid, type, request.body ?? {});
      return reply.code(202).send({ uuid: invoiceUuid });
    },
  );

  app.post(
    '/simulate/supplier-invoice',
    {
      schema: {
        tags,
        security,
        summary:
          'Sandbox: a supplier invoice arrives for the caller (given XML, or a generated one)',
        body: simulateSupplierInvoiceBodySchema,
        response: { 202: invoiceCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.supplierInvoice(actorOf(request), request.body.invoice)),
  );
};
