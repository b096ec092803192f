import {
  rejectedInvoicesCountSchema,
  rejectedInvoicesParamsSchema,
  rejectedInvoicesRangeSchema,
  rejectedInvoicesRecoverySchema,
} from '@fiscus/contracts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { RejectedInvoicesService } from './rejected-invoices.service.ts';
import { assertCanRecover } from './rejected-invoices.service.ts';

const range =
  "from_date and to_date are Europe/Rome days (YYYY-MM-DD), both included; default the last 90 days up to today. A range in the wrong order or longer than 366 days answers 422. Needs the registry's Fisconline credentials (422 CREDENTIALS_MISSING, or INVALID_CREDENTIALS when the portal refuses them).";

/** Recovery of rejected invoices from the tax portal's cassetto (the recover tab). */
export const rejectedInvoicesRoutes = resourceRoutes({
  tags: ['it: rejected invoices'],
  access: assertCanRecover,
  routes: ({ service }: { service: RejectedInvoicesService }) => [
    itemRoute('GET', '/rejected-invoices/:fiscalId/count', {
      summary:
        'How many invoices SDI rejected for the fiscal id in the range, and how many are not here yet',
      description: range,
      params: rejectedInvoicesParamsSchema,
      querystring: rejectedInvoicesRangeSchema,
      response: rejectedInvoicesCountSchema,
      handle: ({ actor, params, query }) => service.count(actor, params.fiscalId, query),
    }),
    itemRoute('POST', '/rejected-invoices/:fiscalId/recover', {
      summary:
        'Import the rejected invoices of the range as customer invoices (marking rejected, with their NS)',
      description: `${range} An invoice already among your customer invoices (same SDI id) is skipped, never imported twice. Needs ROLE_INVOICING as well.`,
      params: rejectedInvoicesParamsSchema,
      body: rejectedInvoicesRangeSchema,
      response: rejectedInvoicesRecoverySchema,
      handle: ({ actor, params, body }) => service.recover(actor, params.fiscalId, body),
    }),
  ],
});
