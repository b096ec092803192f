import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  outboxMailSchema,
  paginationQuerySchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { desc } from 'drizzle-orm';
import { outboxMails } from '../../db/schema/index.ts';
import { actorOf } from '../auth.ts';
import type { CollectionDefinition } from '../hydra.ts';
import { collectionResponse, parseCollectionQuery, sendCollection } from '../hydra.ts';
import { hasRole, ROLE_ADMIN } from '../roles.ts';
import type { OutboxRepository } from './outbox.repository.ts';

const definition: CollectionDefinition = {
  filters: {
    to: { kind: 'exact', column: outboxMails.to },
    subject: { kind: 'partial', column: outboxMails.subject },
  },
  defaultOrder: [desc(outboxMails.createdAt), desc(outboxMails.id)],
};

/**
 * `GET /api/dev/outbox`: mails the sandbox kept instead of sending, newest first (filters `to`,
 * `subject`). Registered on sandbox instances only, so elsewhere the path is a plain 404.
 * Mails hold password-reset links, so the outbox needs a login: an administrator (stored
 * ROLE_ADMIN) reads every mail, anyone else only the mails addressed to them.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepository }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/api/dev/outbox',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['platform'],
        summary: 'Sandbox outbox (mails not sent): all for an administrator, else your own',
        security: [{ bearerAuth: [] }],
        querystring: withPropertyFilter(paginationQuerySchema),
        response: {
          200: collectionResponse(
            z.array(outboxMailSchema),
            hydraCollectionSchema(outboxMailSchema),
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const query = parseCollectionQuery(request.query, definition);
      const addressee = hasRole(actor.roles, 'common', ROLE_ADMIN) ? null : actor.user.email;
      const { items, total } = await outbox.list(query, addressee);
      return sendCollection(request, reply, {
        items: items.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          created_at: row.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        itemsPerPage: query.itemsPerPage,
      });
    },
  );
};
