import {
  obFiscalIdParamsSchema,
  obMatchCandidateSchema,
  obMatchConfirmSchema,
  obStatementImportSchema,
  obTransactionParamsSchema,
  obTransactionSchema,
  paginationQuerySchema,
  problemSchema,
} from '@fiscus/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth.ts';
import {
  collectionRoute,
  itemRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { badRequest } from '../../../platform/problem-errors.ts';
import { assertOpenBankingUser } from '../ob-access.ts';
import { toTransaction } from '../transactions/transactions.service.ts';
import { STATEMENT_MAX_BYTES, type ObReconciliationService } from './reconciliation.service.ts';

const XML_TYPES = ['application/xml', 'text/xml'];

/** What transactions pay (issue 36 reconciliation), and bank statements as camt files. */
export const obReconciliationRoutes = resourceRoutes({
  tags: ['ob: reconciliation'],
  access: assertOpenBankingUser,
  routes: ({ service }: { service: ObReconciliationService }) => [
    collectionRoute('/transactions/:transactionId/candidates', {
      summary: 'The open customer invoices the transaction may pay, best first',
      params: obTransactionParamsSchema,
      querystring: paginationQuerySchema,
      member: obMatchCandidateSchema,
      handle: ({ actor, params }) => service.candidates(actor, params.transactionId),
    }),
    itemRoute('PUT', '/transactions/:transactionId/match', {
      summary: 'Settles what the transaction pays: the invoices are marked paid with it',
      params: obTransactionParamsSchema,
      body: obMatchConfirmSchema,
      response: obTransactionSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: async ({ actor, params, body }) =>
        toTransaction(await service.confirm(actor, params.transactionId, body)),
    }),
    itemRoute('DELETE', '/transactions/:transactionId/match', {
      summary: 'Rejects the match: the transaction pays nothing, the matcher leaves it',
      params: obTransactionParamsSchema,
      response: obTransactionSchema,
      errors: { 404: problemSchema },
      handle: async ({ actor, params }) =>
        toTransaction(await service.reject(actor, params.transactionId)),
    }),
  ],
  handWritten: (app, { service }, { tags, security }) => {
    app.addContentTypeParser(
      XML_TYPES,
      { parseAs: 'buffer', bodyLimit: STATEMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/business-registry/:fiscalId/statements',
      {
        bodyLimit: STATEMENT_MAX_BYTES,
        schema: {
          tags,
          security,
          summary: 'Imports a camt.053 statement or camt.054 notification of one account',
          description:
            'The file is the body (application/xml, at most 10 MB). Without `account`, the file’s account is found by its IBAN among the registry’s, or made as a new account whose bank is not connected. It is schema-checked against the ISO 20022 XSD of its version (001.02, 001.04, 001.08); a refused file is a 422 with the reason on `file` and nothing is stored. Entries already held (same reference or end-to-end id) are counted, not stored twice; incoming ones are matched to open customer invoices.',
          params: obFiscalIdParamsSchema,
          querystring: z.object({ account: z.uuid().optional() }),
          response: {
            200: obStatementImportSchema,
            400: problemSchema,
            404: problemSchema,
            422: problemSchema,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw badRequest('Send the camt file as application/xml.');
        return service.importStatement(
          actorOf(request),
          request.params.fiscalId,
          request.query.account,
          request.body,
        );
      },
    );
  },
});
