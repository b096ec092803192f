import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema } from '@fiscus/contracts';
import { notFound } from '../../../platform/problem-errors.ts';
import type { SandboxSmpService } from './smp.service.ts';

const tags = ['peppol: sandbox SMP'];
const xml = {
  description: 'The SMP’s XML',
  content: { 'application/xml': { schema: z.string() } },
};

/**
 * `GET /api/peppol/smp/{participant}` and `…/services/{documentType}` (no bearer token: an SMP is
 * public), the identifiers percent-encoded as one path segment each, as the SMP specification
 * writes them (`iso6523-actorid-upis%3A%3A0208%3A0202239951`).
 */
export const sandboxSmpRoutes: FastifyPluginAsync<{ service: SandboxSmpService }> = async (
  plain,
  { service },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/smp/:participant',
    {
      schema: {
        tags,
        summary: 'A participant’s ServiceGroup: the document types it is registered for',
        params: z.object({ participant: z.string().max(200) }),
        response: { 200: xml, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const body = await service.serviceGroup(request.params.participant);
      if (!body) throw notFound('No participant of that identifier is registered on this SMP.');
      return reply.type('application/xml; charset=utf-8').send(body);
    },
  );
  app.get(
    '/sml/resolve',
    {
      schema: {
        tags,
        summary: 'The sandbox SML: a participant’s host name resolved to its SMP (DNS JSON)',
        description:
          'As a DNS over HTTPS resolver answers `?name=<hash>.iso6523-actorid-upis.sml.sandbox.fiscus.test&type=NAPTR`: the U-NAPTR record (Meta:SMP) pointing to this SMP, or Status 3 (NXDOMAIN).',
        querystring: z.object({ name: z.string().max(253), type: z.string().max(10).optional() }),
      },
    },
    async (request, reply) =>
      reply.type('application/dns-json').send(await service.resolveSml(request.query.name)),
  );
  app.get(
    '/directory/search/1.0/json',
    {
      schema: {
        tags,
        summary: 'The sandbox Peppol Directory: registered participants by name or identifier',
        querystring: z.object({
          q: z.string().max(255).optional(),
          participant: z.string().max(200).optional(),
        }),
      },
    },
    async (request) => service.directory(request.query, new Date()),
  );
  app.get(
    '/smp/:participant/services/:documentType',
    {
      schema: {
        tags,
        summary: 'A registered document type’s SignedServiceMetadata: processes and endpoints',
        params: z.object({
          participant: z.string().max(200),
          documentType: z.string().max(600),
        }),
        response: { 200: xml, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const body = await service.serviceMetadata(
        request.params.participant,
        request.params.documentType,
      );
      if (!body) throw notFound('The participant is not registered for that document type.');
      return reply.type('application/xml; charset=utf-8').send(body);
    },
  );
};
