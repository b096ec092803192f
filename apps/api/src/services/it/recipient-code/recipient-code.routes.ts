import { recipientCodeResponseSchema } from '@fiscus/contracts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import { assertItReader } from '../invoice-access.ts';
import type { RecipientCodeService } from './recipient-code.service.ts';

/** The account's SDI recipient code. */
export const recipientCodeRoutes = resourceRoutes({
  tags: ['gov-it: users'],
  access: assertItReader,
  routes: ({ service }: { service: RecipientCodeService }) => [
    itemRoute('GET', '/users/me/recipient-code', {
      summary: 'SDI recipient code (needs any role in the it platform)',
      response: recipientCodeResponseSchema,
      handle: ({ actor }) => service.get(actor),
    }),
  ],
});
