import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  plOnboardActivateSchema,
  plOnboardingParamsSchema,
  plOnboardingSchema,
  plSandboxSignSchema,
  problemSchema,
} from '@fiscus/contracts';
import type { PlOnboardingService } from './onboarding.service.ts';

const tags = ['pl: onboarding (public)'];

/** Per client: the public onboarding calls are few; guessing a link's secret gets nowhere fast. */
const perClient = { max: 60, timeWindow: 60_000 };

/**
 * The public onboarding calls (no bearer token: the link's secret is the credential), spec 7.
 * `{uuid}` is the legal entity's, except in the signature file's path (the flow's).
 */
export const plOnboardingRoutes: FastifyPluginAsync<{ service: PlOnboardingService }> = async (
  plain,
  { service },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: perClient };
  app.get(
    '/onboarding/:uuid/:hash',
    {
      config,
      schema: {
        tags,
        summary: 'What the onboarding page shows: the entity, the flow’s status and deadline',
        params: plOnboardingParamsSchema,
        response: { 200: plOnboardingSchema, 404: problemSchema },
      },
    },
    (request) => service.view(request.params.uuid, request.params.hash),
  );
  app.post(
    '/legal-entities/:uuid/onboard/start/:hash',
    {
      config,
      schema: {
        tags,
        summary: 'Starts the flow: KSeF’s challenge, 10 minutes to upload the signed file',
        params: plOnboardingParamsSchema,
        response: { 200: plOnboardingSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    (request) => service.start(request.params.uuid, request.params.hash),
  );
  app.get(
    '/authorization-flows/:uuid/onboard/signature-file/:hash',
    {
      config,
      schema: {
        tags,
        summary: 'The AuthTokenRequest to sign with a qualified signature or seal (XAdES)',
        params: plOnboardingParamsSchema,
        response: {
          200: {
            description: 'The XML to sign',
            content: { 'application/xml': { schema: z.string() } },
          },
          404: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="signature_file.xml"')
        .send(await service.signatureFile(request.params.uuid, request.params.hash)),
  );
  app.post(
    '/legal-entities/:uuid/onboard/activate/:hash',
    {
      config,
      bodyLimit: 2_000_000,
      schema: {
        tags,
        summary: 'Uploads the signed file: KSeF checks it; accepted, the entity is active',
        params: plOnboardingParamsSchema,
        body: plOnboardActivateSchema,
        response: { 200: plOnboardingSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    (request) => service.activate(request.params.uuid, request.params.hash, request.body),
  );
  app.post(
    '/legal-entities/:uuid/onboard/sandbox-sign/:hash',
    {
      config,
      schema: {
        tags,
        summary: 'Sandbox only: the signature file signed with a test certificate for the NIP',
        params: plOnboardingParamsSchema,
        response: { 200: plSandboxSignSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    (request) => service.sandboxSign(request.params.uuid, request.params.hash),
  );
};
