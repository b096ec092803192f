import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recipientCodeResponseSchema } from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { RecipientCodeService } from './recipient-code.service.ts';

export const recipientCodeRoutes: FastifyPluginAsyncZod<{ service: RecipientCodeService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/me/recipient-code',
    {
      schema: {
        tags: ['gov-it: users'],
        security: [{ bearerAuth: [] }],
        summary: 'SDI recipient code (needs any role in the it platform)',
        response: { 200: recipientCodeResponseSchema },
      },
    },
    async (request) => service.get(actorOf(request)),
  );
};
