import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  askResetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
} from '@fiscus/contracts';
import type { AuthService } from './auth.service.ts';

const tags = ['common: auth'];

export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  loginRateLimit: { max: number; timeWindowMs: number };
}> = async (app, { service, loginRateLimit }) => {
  app.post(
    '/login',
    {
      config: {
        // Per client address and email: slows password guessing without locking out a whole office.
        rateLimit: {
          max: loginRateLimit.max,
          timeWindow: loginRateLimit.timeWindowMs,
          // After body parsing, so the key can include the email.
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
          },
        },
      },
      schema: {
        tags,
        summary: 'Exchange credentials for a 24 h JWT',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    (request) => service.login(request.body),
  );

  app.post(
    '/ask-reset-password',
    {
      schema: {
        tags,
        summary: 'Mail a one-time password reset link (always 204)',
        body: askResetPasswordRequestSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.askResetPassword(request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link',
        body: resetPasswordRequestSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body);
      return reply.code(204).send();
    },
  );
};
