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
