import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptOnlyVerifiedRequestSchema,
  meResponseSchema,
  passwordChangeRequestSchema,
  passwordChangeResponseSchema,
  profileSchema,
  profileUpdateRequestSchema,
  userSettingsSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { UsersService } from './users.service.ts';

const tags = ['common: users'];
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/me',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in (or impersonated) user',
        response: { 200: meResponseSchema },
      },
    },
    (request) => service.me(actorOf(request)),
  );

  app.get(
    '/users/me/settings',
    { schema: { tags, security, response: { 200: userSettingsSchema } } },
    async (request) => service.settings(actorOf(request)),
  );

  app.get(
    '/users/me/profile',
    { schema: { tags, security, response: { 200: profileSchema } } },
    async (request) => service.profile(actorOf(request)),
  );

  app.put(
    '/users/me/profile',
    {
      schema: {
        tags,
        security,
        description:
          'email, invoicing_vat_number and invoicing_fiscal_id are read-only and ignored.',
        body: profileUpdateRequestSchema,
        response: { 200: profileSchema },
      },
    },
    (request) => service.updateProfile(actorOf(request), request.body),
  );

  app.put(
    '/users/me/password',
    {
      schema: {
        tags,
        security,
        summary: 'Change the password; every older token ends, the answer carries a new one',
        body: passwordChangeRequestSchema,
        response: { 200: passwordChangeResponseSchema },
      },
    },
    (request) => service.changePassword(actorOf(request), request.body),
  );

  app.put(
    '/users/me/accept-only-verified-invoices',
    {
      schema: {
        tags,
        security,
        body: acceptOnlyVerifiedRequestSchema,
        response: { 200: userSettingsSchema },
      },
    },
    (request) => service.setAcceptOnlyVerified(actorOf(request), request.body),
  );
};
