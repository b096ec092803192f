import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appointStatusSchema,
  businessRegistryConfigurationParamsSchema,
  fisconlineConsentFormSchema,
  fisconlineConsentParamsSchema,
  fisconlineCredentialsSchema,
  fisconlineCredentialsStatusSchema,
  fisconlineInteractiveSetupSchema,
} from '@fiscus/contracts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../../gateways/tax-portal/fisconline-demo.ts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import { assertRegistryReader } from '../business-registry-configurations/business-registry-configurations.service.ts';
import { consentFormPage, consentLanguage, consentStoredPage } from './consent-page.ts';
import type { TaxDrawerService } from './tax-drawer.service.ts';

const base = '/business-registry-configurations/:id/credentials/fisconline';

/** The tax drawer tab: a registry's Fisconline credentials (never returned) and the set-up link. */
export const taxDrawerRoutes = resourceRoutes({
  tags: ['it: business registry configurations'],
  access: assertRegistryReader,
  routes: ({ service }: { service: TaxDrawerService }) => [
    itemRoute('GET', base, {
      summary: 'Whether Fisconline credentials are stored for the registry, and since when',
      params: businessRegistryConfigurationParamsSchema,
      response: fisconlineCredentialsStatusSchema,
      handle: ({ actor, params }) => service.status(actor, params.id),
    }),
    itemRoute('PUT', base, {
      summary: 'Store the Fisconline credentials (checked with the tax portal, stored encrypted)',
      description:
        'codice_fiscale, password and pin of the holder. The tax portal checks them first: refused ones answer 422 with a violation of code INVALID_CREDENTIALS and change nothing. The answer never holds the credentials.',
      params: businessRegistryConfigurationParamsSchema,
      body: fisconlineCredentialsSchema,
      response: fisconlineCredentialsStatusSchema,
      handle: ({ actor, params, body }) => service.setCredentials(actor, params.id, body),
    }),
    itemRoute('POST', '/business-registry-configurations/:id/appoint/fisconline', {
      summary:
        'Appoint the provider to send smart receipts with the holder’s Fisconline credentials',
      description:
        'The same credentials as the tax drawer: checked with the tax portal first (refused ones answer 422 INVALID_CREDENTIALS and change nothing), stored encrypted; answers the appointment status.',
      params: businessRegistryConfigurationParamsSchema,
      body: fisconlineCredentialsSchema,
      response: appointStatusSchema,
      handle: ({ actor, params, body }) => service.appointWithFisconline(actor, params.id, body),
    }),
    itemRoute('GET', '/business-registry-configurations/:id/appoint/status', {
      summary:
        'Whether the provider is appointed to send the registry’s smart receipts, and as whom',
      params: businessRegistryConfigurationParamsSchema,
      response: appointStatusSchema,
      handle: ({ actor, params }) => service.appointStatus(actor, params.id),
    }),
    itemRoute('POST', `${base}/interactive`, {
      summary: 'Start the interactive set-up: a one-time link to the tax portal consent page',
      description:
        'Only for a registry with a phone number (otherwise 422 on phone_number). The link expires after 15 minutes and stores the credentials once.',
      params: businessRegistryConfigurationParamsSchema,
      response: fisconlineInteractiveSetupSchema,
      handle: ({ actor, params }) => service.startInteractive(actor, params.id),
    }),
  ],
});

const consentTags = ['it: tax portal sandbox'];
const htmlPage = {
  description: 'The consent page (HTML)',
  content: { 'text/html': { schema: z.string() } },
};

/**
 * `GET|POST /tax-portal/consent/{token}` (no bearer token: the one-time token is the access): the
 * sandbox portal's login and consent page of the interactive set-up. An unknown, used or expired
 * token answers 404 problem+json. The form posts as application/x-www-form-urlencoded.
 */
export const taxPortalConsentRoutes: FastifyPluginAsync<{ service: TaxDrawerService }> = async (
  plain,
  { service },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const url = '/tax-portal/consent/:token';

  app.get(
    url,
    {
      schema: {
        tags: consentTags,
        summary: 'The tax portal consent page of an interactive set-up link',
        params: fisconlineConsentParamsSchema,
        response: { 200: htmlPage },
      },
    },
    async (request, reply) => {
      const subject = await service.consentSubject(request.params.token);
      const language = consentLanguage(request.headers['accept-language']);
      return reply.type('text/html; charset=utf-8').send(
        consentFormPage({
          language,
          subject,
          action: `./${encodeURIComponent(request.params.token)}`,
          demo: DEMO_FISCONLINE_CREDENTIALS,
        }),
      );
    },
  );

  app.post(
    url,
    {
      schema: {
        tags: consentTags,
        summary: 'Submit the consent form: credentials checked by the portal, stored once',
        params: fisconlineConsentParamsSchema,
        body: fisconlineConsentFormSchema,
        response: { 200: htmlPage, 422: htmlPage },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const language = consentLanguage(request.headers['accept-language']);
      const subject = await service.consentSubject(token);
      const outcome = await service.submitConsent(token, request.body);
      reply.type('text/html; charset=utf-8');
      if (outcome === 'stored') return reply.send(consentStoredPage(language, subject));
      return reply.code(422).send(
        consentFormPage({
          language,
          subject,
          action: `./${encodeURIComponent(token)}`,
          demo: DEMO_FISCONLINE_CREDENTIALS,
          outcome,
          codiceFiscale: request.body.codice_fiscale?.slice(0, 16),
        }),
      );
    },
  );
};
