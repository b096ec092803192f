import { outboxMailSchema, paginationQuerySchema } from '@fiscus/contracts';
import { mapPage } from '../db/owned-repository.ts';
import { anyAccount, collectionRoute, resourceRoutes } from '../http/resource-routes.ts';
import { hasRole, ROLE_ADMIN } from '../roles.ts';
import { isSubAccount } from '../tenancy.ts';
import type { OutboxMailRow, OutboxRepository } from './outbox.repository.ts';

/**
 * `GET /api/dev/outbox`: mails the sandbox kept instead of sending, newest first (filters `to`,
 * `subject`). Registered on sandbox instances only, so elsewhere the path is a plain 404.
 * Mails hold password-reset links, so the outbox needs a login: an administrator (stored
 * ROLE_ADMIN, never a sub-account) reads every mail, anyone else, a sub-account included, only
 * the mails addressed to them (`loginOf`: a mail is personal to one login, not the business's).
 */
export const outboxRoutes = resourceRoutes({
  tags: ['platform'],
  access: anyAccount,
  routes: ({ outbox }: { outbox: OutboxRepository }) => [
    collectionRoute('/api/dev/outbox', {
      summary: 'Sandbox outbox (mails not sent): all for an administrator, else your own',
      querystring: paginationQuerySchema,
      member: outboxMailSchema,
      handle: async ({ actor, query }) => {
        const admin = hasRole(actor.roles, 'common', ROLE_ADMIN) && !isSubAccount(actor);
        const addressee = admin ? null : actor.user.email;
        return mapPage(await outbox.list(addressee, query), toOutboxMail);
      },
    }),
  ],
});

function toOutboxMail(row: OutboxMailRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  };
}
