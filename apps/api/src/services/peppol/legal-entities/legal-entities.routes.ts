import {
  peppolCodeSchema,
  peppolLegalEntityListQuerySchema,
  peppolLegalEntityParamsSchema,
  peppolLegalEntityRequestSchema,
  peppolLegalEntitySchema,
  peppolReceivingCheckSchema,
  peppolSmpSchema,
  peppolSubAccountParamsSchema,
  peppolSubAccountRequestSchema,
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
import { assertPeppolUser, type LegalEntitiesService } from './legal-entities.service.ts';

/**
 * The Peppol legal entity calls of one domain (spec "Peppol legal entities (domain prefix Italian
 * or Belgian)"), mounted under `/api/peppol/it` and `/api/peppol/be`.
 */
export const legalEntitiesRoutes = (tag: string) =>
  resourceRoutes({
    tags: [tag],
    access: assertPeppolUser,
    routes: ({ service }: { service: LegalEntitiesService }) => [
      collectionRoute('/legal-entities', {
        summary: 'Legal entities, newest first',
        description:
          'Filters: identifierValue, registeredName (partial); sortBy[createdAt|registeredName|identifierScheme|identifierValue]=asc|desc.',
        querystring: peppolLegalEntityListQuerySchema,
        member: peppolLegalEntitySchema,
        handle: ({ actor, query }) => service.list(actor, query),
      }),
      itemRoute('POST', '/legal-entities', {
        summary: 'Creates a legal entity (its participant identifier checked as Peppol does)',
        body: peppolLegalEntityRequestSchema,
        response: peppolLegalEntitySchema,
        status: 201,
        errors: { 403: problemSchema, 422: problemSchema },
        handle: ({ actor, body }) => service.create(actor, body),
      }),
      itemRoute('GET', '/legal-entities/:uuid', {
        summary: 'One legal entity',
        params: peppolLegalEntityParamsSchema,
        response: peppolLegalEntitySchema,
        errors: { 404: problemSchema },
        handle: ({ actor, params }) => service.get(actor, params.uuid),
      }),
      itemRoute('PUT', '/legal-entities/:uuid', {
        summary: 'Updates a legal entity (its identifier only while the SMP registration is off)',
        params: peppolLegalEntityParamsSchema,
        body: peppolLegalEntityRequestSchema,
        response: peppolLegalEntitySchema,
        errors: { 404: problemSchema, 422: problemSchema },
        handle: ({ actor, params, body }) => service.update(actor, params.uuid, body),
      }),
      noContentRoute('DELETE', '/legal-entities/:uuid', {
        summary: 'Deletes a legal entity',
        params: peppolLegalEntityParamsSchema,
        errors: { 404: problemSchema },
        handle: ({ actor, params }) => service.delete(actor, params.uuid),
      }),
      itemRoute('GET', '/legal-entities/:uuid/smp', {
        summary: 'The legal entity’s SMP registration: enabled, capabilities',
        params: peppolLegalEntityParamsSchema,
        response: peppolSmpSchema,
        errors: { 404: problemSchema },
        handle: ({ actor, params }) => service.smp(actor, params.uuid),
      }),
      itemRoute('PUT', '/legal-entities/:uuid/smp', {
        summary: 'Registers the legal entity on the SMP for the capabilities given (or not)',
        params: peppolLegalEntityParamsSchema,
        body: peppolSmpSchema,
        response: peppolSmpSchema,
        errors: { 404: problemSchema, 422: problemSchema },
        handle: ({ actor, params, body }) => service.setSmp(actor, params.uuid, body),
      }),
      itemRoute('POST', '/legal-entities/:uuid/receiving-check', {
        summary: 'Checks that partners can reach the legal entity, step by step, with evidence',
        description:
          'As a sending access point finds it: the identifier, its SML host name, its SMP ServiceGroup, each document type’s signed metadata (endpoint, AS4 transport profile, signature) and a routing of the first capability to itself. Nothing is sent or stored.',
        params: peppolLegalEntityParamsSchema,
        response: peppolReceivingCheckSchema,
        errors: { 404: problemSchema },
        handle: ({ actor, params }) => service.receivingCheck(actor, params.uuid),
      }),
      itemRoute('GET', '/legal-entities/:uuid/sub-accounts', {
        summary: 'The sub-accounts linked to the legal entity (ROLE_SUB_ACCOUNT_MANAGER)',
        params: peppolLegalEntityParamsSchema,
        response: z.array(registrySubAccountSchema),
        errors: { 403: problemSchema, 404: problemSchema },
        handle: ({ actor, params }) => service.subAccounts(actor, params.uuid),
      }),
      itemRoute('POST', '/legal-entities/:uuid/sub-accounts', {
        summary: 'Links an existing sub-account: it then sees and works on this legal entity',
        params: peppolLegalEntityParamsSchema,
        body: peppolSubAccountRequestSchema,
        response: registrySubAccountSchema,
        status: 201,
        errors: { 403: problemSchema, 404: problemSchema, 422: problemSchema },
        handle: ({ actor, params, body }) => service.linkSubAccount(actor, params.uuid, body.email),
      }),
      noContentRoute('DELETE', '/legal-entities/:uuid/sub-accounts/:email', {
        summary: 'Unlinks a sub-account from the legal entity',
        params: peppolSubAccountParamsSchema,
        errors: { 403: problemSchema, 404: problemSchema },
        handle: ({ actor, params }) => service.unlinkSubAccount(actor, params.uuid, params.email),
      }),
      itemRoute('GET', '/document-types', {
        summary: 'The document types a legal entity may register (the Peppol code list v9.7)',
        response: z.array(peppolCodeSchema),
        handle: ({ actor }) => service.documentTypes(actor),
      }),
      itemRoute('GET', '/processes', {
        summary: 'The processes those document types run in',
        response: z.array(peppolCodeSchema),
        handle: ({ actor }) => service.processes(actor),
      }),
    ],
  });
