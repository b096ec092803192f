import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  plActivateAccessCodeRequestSchema,
  plActivateAccessCodeSchema,
  plAttachmentCodeParamsSchema,
  plAttachmentParamsSchema,
  plInvoiceCodeParamsSchema,
  plInvoiceCreatedSchema,
  plInvoiceListQuerySchema,
  plInvoiceParamsSchema,
  plInvoiceSchema,
  plInvoiceStatusSchema,
  plSendAccessCodeSchema,
  problemSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { fileResponse } from '../../../platform/http/file-response.ts';
import {
  collectionRoute,
  itemRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { badRequest } from '../../../platform/problem-errors.ts';
import { assertPolishUser } from '../pl-access.ts';
import {
  answerInvoice,
  representationQuerySchema,
  representationResponses,
  sendAttachment,
  sendUpo,
} from './invoice-representations.ts';
import type { PlInvoiceInput, PlInvoicesService } from './invoices.service.ts';
import type { PlPublicAccess } from './public-access.ts';

/** KSeF takes an invoice of up to 1 MB without attachments, 3 MB with (limity). */
export const MAX_INVOICE_BYTES = 3 * 1024 * 1024;
const XML_TYPES = ['application/xml', 'text/xml'];

/** The body of `POST /invoices`: the XML's bytes as sent, or its JSON. */
export function invoiceInputOf(request: FastifyRequest): PlInvoiceInput {
  const body = request.body;
  if (Buffer.isBuffer(body)) return { xml: body };
  if (typeof body === 'object' && body !== null) return { json: body };
  throw badRequest('Send an FA(3) invoice as application/xml, or its JSON as application/json.');
}

const created = (
  service: PlInvoicesService,
  row: Awaited<ReturnType<PlInvoicesService['create']>>,
) => ({
  uuid: row.uuid,
  legalEntityUuid: row.legalEntityUuid,
  status: service.toInvoice(row).status,
  invoiceNumber: row.invoiceNumber,
  ksefReferenceNumber: row.ksefReferenceNumber,
});

/** The Polish invoice calls behind a login (spec 7 "Polish invoices"), under `/api/pl`. */
export const plInvoicesRoutes = resourceRoutes({
  tags: ['pl: invoices'],
  access: assertPolishUser,
  routes: ({ service }: { service: PlInvoicesService }) => [
    collectionRoute('/invoices', {
      summary: 'Invoices of one direction, newest first',
      description:
        'Filters: direction (required), invoiceStatus, createdAt[after|before], invoiceDate[after|before], invoiceType, invoiceCreatorNip, invoiceRecipientNip, invoiceNumber, legalEntityUuid.',
      querystring: plInvoiceListQuerySchema,
      member: plInvoiceSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('GET', '/invoices/:uuid/status', {
      summary: 'The invoice’s status, KSeF number and UPO (base64, once confirmed)',
      params: plInvoiceParamsSchema,
      response: plInvoiceStatusSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.status(actor, params.uuid),
    }),
  ],
  handWritten: (app, { service }, { tags, security }) => {
    app.addContentTypeParser(
      XML_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_INVOICE_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/invoices',
      {
        bodyLimit: MAX_INVOICE_BYTES,
        schema: {
          tags,
          security,
          summary: 'Sends an FA(3) invoice to KSeF (XML, or its JSON): 202 at once',
          description:
            'The invoice is checked as KSeF checks it (XML rules, the official XSD, KSeF’s rules): a refusal is a 422 with each finding as a violation (propertyPath = its JSON path, code = the finding’s code) and nothing is stored or sent. Accepted, its seller must be an active legal entity of the caller; the KSeF number appears on the item once KSeF gave it.',
          response: { 202: plInvoiceCreatedSchema, 400: problemSchema, 422: problemSchema },
        },
      },
      async (request, reply) => {
        const row = await service.create(actorOf(request), invoiceInputOf(request));
        return reply.code(202).send(created(service, row));
      },
    );
    app.get(
      '/invoices/:uuid',
      {
        schema: {
          tags,
          security,
          summary: 'One invoice: JSON, HTML, the XML as sent (Accept or rawContent=true) or PDF',
          params: plInvoiceParamsSchema,
          querystring: representationQuerySchema,
          response: representationResponses,
        },
      },
      async (request, reply) => {
        const row = await service.find(actorOf(request), request.params.uuid);
        return answerInvoice(request, reply, service, row, request.query);
      },
    );
    app.get(
      '/invoices/:uuid/upo',
      {
        schema: {
          tags,
          security,
          summary: 'The invoice’s UPO (KSeF’s official receipt), once confirmed',
          params: plInvoiceParamsSchema,
          response: { 200: fileResponse('The UPO', ['application/xml']), 404: problemSchema },
        },
      },
      async (request, reply) =>
        sendUpo(reply, service, await service.find(actorOf(request), request.params.uuid)),
    );
    app.get(
      '/invoices/:invoiceUuid/attachments/:attachmentUuid',
      {
        schema: {
          tags,
          security,
          summary: 'One attachment of the invoice (FA(3) Zalacznik), as text',
          params: plAttachmentParamsSchema,
          response: { 200: fileResponse('The attachment', ['text/plain']), 404: problemSchema },
        },
      },
      async (request, reply) =>
        sendAttachment(
          reply,
          service,
          await service.find(actorOf(request), request.params.invoiceUuid),
          request.params.attachmentUuid,
        ),
    );
  },
});

const publicTags = ['pl: public invoice access'];
/** Per client: enough for a person, too few to guess codes or tokens. */
const perClient = { max: 30, timeWindow: 60_000 };

/**
 * The public invoice page's calls (no bearer token), spec 7: a code mailed to the buyer, the
 * code for an access token, and the invoice and its downloads with that token.
 */
export const plPublicInvoicesRoutes: FastifyPluginAsync<{
  service: PlInvoicesService;
  access: PlPublicAccess;
}> = async (plain, { service, access }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: perClient };
  app.post(
    '/invoices/:uuid/send-access-code',
    {
      config,
      schema: {
        tags: publicTags,
        summary: 'Mails an access code to the invoice’s buyer; answers the address, masked',
        params: plInvoiceParamsSchema,
        response: { 200: plSendAccessCodeSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    (request) => access.sendCode(request.params.uuid),
  );
  app.post(
    '/invoices/:uuid/activate-access-code',
    {
      config,
      schema: {
        tags: publicTags,
        summary: 'Checks the code: answers the access code the downloads take',
        params: plInvoiceParamsSchema,
        body: plActivateAccessCodeRequestSchema,
        response: { 200: plActivateAccessCodeSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    (request) => access.activate(request.params.uuid, request.body.accessCode),
  );
  app.get(
    '/invoices/:uuid/code/:code',
    {
      config,
      schema: {
        tags: publicTags,
        summary: 'The invoice opened with its access code: JSON, HTML, XML or PDF',
        params: plInvoiceCodeParamsSchema,
        querystring: representationQuerySchema,
        response: representationResponses,
      },
    },
    async (request, reply) => {
      const row = await access.opened(request.params.uuid, request.params.code);
      return answerInvoice(request, reply, service, row, request.query);
    },
  );
  app.get(
    '/invoices/:uuid/code/:code/upo',
    {
      config,
      schema: {
        tags: publicTags,
        summary: 'The UPO of an invoice opened with its access code',
        params: plInvoiceCodeParamsSchema,
        response: { 200: fileResponse('The UPO', ['application/xml']), 404: problemSchema },
      },
    },
    async (request, reply) =>
      sendUpo(reply, service, await access.opened(request.params.uuid, request.params.code)),
  );
  app.get(
    '/invoices/:invoiceUuid/attachments/download/:attachmentUuid/:code',
    {
      config,
      schema: {
        tags: publicTags,
        summary: 'An attachment of an invoice opened with its access code',
        params: plAttachmentCodeParamsSchema,
        response: { 200: fileResponse('The attachment', ['text/plain']), 404: problemSchema },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        service,
        await access.opened(request.params.invoiceUuid, request.params.code),
        request.params.attachmentUuid,
      ),
  );
};
