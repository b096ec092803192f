import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  outboxMailSchema,
  paginationQuerySchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import type { CollectionDefinition } from '../hydra.ts';
import { collectionResponse, parseCollectionQuery, sendCollection } from '../hydra.ts';
import { desc } from 'drizzle-orm';
import { outboxMails } from '../../db/schema/index.ts';
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
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepository }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['platform'],
        summary: 'Sandbox outbox (mails not sent)',
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
      const query = parseCollectionQuery(request.query, definition);
      const { items, total } = await outbox.list(query);
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
