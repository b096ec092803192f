import {
  PEPPOL_COLLECTION_OF_KIND,
  peppolDocumentKinds,
  peppolDocumentListQuerySchema,
  peppolDocumentParamsSchema,
  peppolDocumentSchema,
  peppolDownloadedRequestSchema,
  peppolStatisticsQuerySchema,
  peppolStatisticsSchema,
  peppolValidationSchema,
  problemSchema,
  type PeppolDocumentKind,
} from '@fiscus/contracts';
import { DEFAULT_MAX_BYTES } from '@fiscus/ubl';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth.ts';
import { fileResponse, sendFile } from '../../../platform/http/file-response.ts';
import {
  collectionRoute,
  itemRoute,
  resourceRoutes,
  type ResourceRoute,
} from '../../../platform/http/resource-routes.ts';
import { badRequest } from '../../../platform/problem-errors.ts';
import { assertPeppolUser } from '../legal-entities/legal-entities.service.ts';
import { BELGIAN_KINDS, type PeppolDocumentsService, type UblInput } from './documents.service.ts';

const XML_TYPES = ['application/xml', 'text/xml'];
const printLangSchema = z.object({ lang: z.enum(['it', 'en', 'pl']).optional() });

/** The body of a send or validate call: UBL XML (raw) or its JSON. */
function ublInputOf(request: FastifyRequest): UblInput {
  const body = request.body;
  if (typeof body === 'string') return { xml: body };
  if (Buffer.isBuffer(body)) return { xml: body.toString('utf8') };
  if (body === undefined || body === null) {
    throw badRequest(
      'Send a UBL 2.1 document as application/xml, or its JSON as application/json.',
    );
  }
  return { json: body };
}

/** The kinds a domain carries: Belgium invoices and credit notes (spec 2.1). */
function kindsOf(service: PeppolDocumentsService): readonly PeppolDocumentKind[] {
  return service.domain === 'be' ? BELGIAN_KINDS : peppolDocumentKinds;
}

function collectionRoutes(
  service: PeppolDocumentsService,
  kind: PeppolDocumentKind,
): ResourceRoute[] {
  const base = `/${PEPPOL_COLLECTION_OF_KIND[kind]}`;
  return [
    collectionRoute(base, {
      summary: `The ${kind} documents, outgoing and incoming, newest first`,
      description:
        'Filters: direction, senderName, recipientName, senderId, recipientId, documentNumber (partial), downloaded (true/false), createdAt and documentDate with [after], [before], [strictly_after], [strictly_before]; sortBy[createdAt|documentDate|senderName|recipientName]=asc|desc.',
      querystring: peppolDocumentListQuerySchema,
      member: peppolDocumentSchema,
      handle: ({ actor, query }) => service.list(actor, kind, query),
    }),
    itemRoute('GET', `${base}/:uuid`, {
      summary: `One ${kind} with its message (and an order's responses, a response's order)`,
      params: peppolDocumentParamsSchema,
      response: peppolDocumentSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, kind, params.uuid),
    }),
    itemRoute('POST', `${base}/downloaded`, {
      summary: `Marks ${kind} documents as downloaded (or not)`,
      body: peppolDownloadedRequestSchema,
      response: z.object({ updated: z.number().int() }),
      handle: ({ actor, body }) => service.markDownloaded(actor, kind, body.uuids, body.downloaded),
    }),
  ];
}

/**
 * Peppol documents of one domain (spec 7 "Peppol API"; provider section 5), mounted under
 * `/api/peppol/it` or `/api/peppol/be`: each kind's collection, item, source, print and
 * downloaded flag; sending as UBL XML or its JSON; the preflight validation.
 */
export const peppolDocumentsRoutes = (tag: string) =>
  resourceRoutes({
    tags: [tag],
    access: assertPeppolUser,
    routes: ({ service }: { service: PeppolDocumentsService }) => [
      ...kindsOf(service).flatMap((kind) => collectionRoutes(service, kind)),
      itemRoute('GET', '/statistics', {
        summary: 'Documents sent, received and failed in each month of a year (the dashboard)',
        querystring: peppolStatisticsQuerySchema,
        response: peppolStatisticsSchema,
        handle: ({ actor, query }) => service.statistics(actor, query.year),
      }),
    ],
    handWritten: (app, { service }, { tags, security }) => {
      app.addContentTypeParser(
        XML_TYPES,
        { parseAs: 'string', bodyLimit: DEFAULT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      const sendSchema = (summary: string) => ({
        tags,
        security,
        summary,
        description:
          'Body: a UBL 2.1 document (Content-Type application/xml) or its JSON (application/json, the shape of `@fiscus/ubl`). The official rules run first: a document that breaks a fatal one is a 422 whose violations carry the rule id as `code` and its location as `propertyPath`; then the sender (its EndpointID) must be one of your legal entities on this domain. Answers the stored outgoing document; the network delivers it a moment later.',
        response: { 201: peppolDocumentSchema, 400: problemSchema, 422: problemSchema },
      });
      app.post(
        '/outgoing/ubl',
        { bodyLimit: DEFAULT_MAX_BYTES, schema: sendSchema('Sends a UBL document (any kind)') },
        async (request, reply) =>
          reply.code(201).send(await service.send(actorOf(request), ublInputOf(request))),
      );
      app.post(
        '/validate',
        {
          bodyLimit: DEFAULT_MAX_BYTES,
          schema: {
            tags,
            security,
            summary: 'Checks a UBL document with the official rules; stores nothing',
            description:
              'Answers 200 with the verdict (`valid`, `findings` with the rule ids, flags and locations) whatever it is, as one element of `npx ubl validate --json`.',
            response: { 200: peppolValidationSchema, 400: problemSchema },
          },
        },
        async (request) => service.validate(actorOf(request), ublInputOf(request)),
      );
      for (const kind of kindsOf(service)) {
        const base = `/${PEPPOL_COLLECTION_OF_KIND[kind]}`;
        app.post(
          `${base}/outgoing/ubl`,
          { bodyLimit: DEFAULT_MAX_BYTES, schema: sendSchema(`Sends a ${kind} (UBL)`) },
          async (request, reply) =>
            reply.code(201).send(await service.send(actorOf(request), ublInputOf(request), kind)),
        );
        app.get(
          `${base}/:uuid/source`,
          {
            schema: {
              tags,
              security,
              summary: `The ${kind} as sent: XML, or its JSON (Accept)`,
              params: peppolDocumentParamsSchema,
              response: {
                200: fileResponse('The document', ['application/xml', 'application/json']),
                404: problemSchema,
              },
            },
          },
          async (request, reply) => {
            const as =
              request.accepts().type(['application/xml', 'application/json']) === 'application/json'
                ? 'json'
                : 'xml';
            const source = await service.source(actorOf(request), kind, request.params.uuid, as);
            return sendFile(reply, {
              type: as === 'json' ? 'application/json' : 'application/xml',
              body: source.body,
              fileName: `${kind}_${source.number}.${as}`,
            });
          },
        );
        if (kind === 'despatch-advice') continue;
        app.get(
          `${base}/:uuid/print`,
          {
            schema: {
              tags,
              security,
              summary: `The ${kind} printed (PDF)`,
              params: peppolDocumentParamsSchema,
              querystring: printLangSchema,
              response: { 200: fileResponse('The PDF', ['application/pdf']), 404: problemSchema },
            },
          },
          async (request, reply) => {
            const printed = await service.print(
              actorOf(request),
              kind,
              request.params.uuid,
              request.query.lang ?? 'en',
            );
            return sendFile(reply, {
              type: 'application/pdf',
              body: Buffer.from(printed.pdf),
              fileName: `${kind}_${printed.number}.pdf`,
            });
          },
        );
      }
    },
  });
