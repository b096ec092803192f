import {
  plKsefTokenRequestSchema,
  plLegalEntityListQuerySchema,
  plLegalEntityParamsSchema,
  plLegalEntityRequestSchema,
  plLegalEntitySchema,
  plOnboardInitSchema,
  plSandboxTokenSchema,
  plSubAccountParamsSchema,
  plSubAccountRequestSchema,
  problemSchema,
  registrySubAccountSchema,
} from '@fiscus/contracts';
import { z } from 'zod';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import type { PlOnboardingService } from '../onboarding/onboarding.service.ts';
import { assertPolishUser } from '../pl-access.ts';
import type { PlLegalEntitiesService } from './legal-entities.service.ts';

/** The Polish legal entity calls (spec 7 "Polish legal entities"), under `/api/pl`. */
export const plLegalEntitiesRoutes = resourceRoutes({
  tags: ['pl: legal entities'],
  access: assertPolishUser,
  routes: ({
    service,
    onboarding,
  }: {
    service: PlLegalEntitiesService;
    onboarding: PlOnboardingService;
  }) => [
    collectionRoute('/legal-entities', {
      summary: 'Legal entities, newest first',
      description: 'Filters: nip, name (partial), status; order[createdAt|name|nip]=asc|desc.',
      querystring: plLegalEntityListQuerySchema,
      member: plLegalEntitySchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('POST', '/legal-entities', {
      summary: 'Creates a legal entity (PENDING until onboarded to KSeF)',
      body: plLegalEntityRequestSchema,
      response: plLegalEntitySchema,
      status: 201,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('GET', '/legal-entities/:uuid', {
      summary: 'One legal entity',
      params: plLegalEntityParamsSchema,
      response: plLegalEntitySchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('PUT', '/legal-entities/:uuid', {
      summary: 'Updates a legal entity (its NIP only while pending)',
      params: plLegalEntityParamsSchema,
      body: plLegalEntityRequestSchema,
      response: plLegalEntitySchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.update(actor, params.uuid, body),
    }),
    itemRoute('POST', '/legal-entities/:uuid/block', {
      summary: 'Blocks the legal entity, or unblocks a blocked one',
      params: plLegalEntityParamsSchema,
      response: plLegalEntitySchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.toggleBlock(actor, params.uuid),
    }),
    itemRoute('POST', '/legal-entities/:uuid/onboard/init', {
      summary: 'Starts an onboarding: the public page’s address (valid until used)',
      params: plLegalEntityParamsSchema,
      response: plOnboardInitSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params }) => onboarding.init(actor, params.uuid),
    }),
    itemRoute('POST', '/legal-entities/:uuid/ksef-token/create', {
      summary: 'Onboards with a KSeF token the taxpayer made in KSeF (mode 2)',
      params: plLegalEntityParamsSchema,
      body: plKsefTokenRequestSchema,
      response: plLegalEntitySchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.createKsefToken(actor, params.uuid, body),
    }),
    itemRoute('POST', '/legal-entities/:uuid/sandbox/ksef-token', {
      summary: 'Sandbox only: a KSeF token for the NIP, as KSeF’s taxpayer app makes one',
      params: plLegalEntityParamsSchema,
      response: plSandboxTokenSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.sandboxKsefToken(actor, params.uuid),
    }),
    itemRoute('GET', '/legal-entities/:uuid/sub-accounts', {
      summary: 'The sub-accounts linked to the legal entity (ROLE_SUB_ACCOUNT_MANAGER)',
      params: plLegalEntityParamsSchema,
      response: z.array(registrySubAccountSchema),
      errors: { 403: problemSchema, 404: problemSchema },
      handle: ({ actor, params }) => service.subAccounts(actor, params.uuid),
    }),
    itemRoute('POST', '/legal-entities/:uuid/sub-accounts', {
      summary: 'Links an existing sub-account: it then sees and works on this legal entity',
      params: plLegalEntityParamsSchema,
      body: plSubAccountRequestSchema,
      response: registrySubAccountSchema,
      status: 201,
      errors: { 403: problemSchema, 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.linkSubAccount(actor, params.uuid, body.email),
    }),
    noContentRoute('DELETE', '/legal-entities/:uuid/sub-accounts/:email', {
      summary: 'Unlinks a sub-account from the legal entity',
      params: plSubAccountParamsSchema,
      errors: { 403: problemSchema, 404: problemSchema },
      handle: ({ actor, params }) => service.unlinkSubAccount(actor, params.uuid, params.email),
    }),
  ],
});
