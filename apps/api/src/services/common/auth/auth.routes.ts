import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  askResetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
} from '@fiscus/contracts';
import { HttpProblem } from '../../../platform/problem-errors.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['common: auth'];

export type RateLimit = { max: number; ipMax: number; timeWindowMs: number };

type Limiter = (
  request: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

/** Counts the request against `limiter`; past its maximum, a 429 problem with Retry-After. */
async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  void reply.header('retry-after', String(result.ttlInSeconds));
  throw new HttpProblem(429, `Rate limit exceeded, retry in ${result.ttlInSeconds} seconds.`);
}

/** The email of a parsed login or reset body, as accounts store it; '' when absent. */
function emailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  loginRateLimit: RateLimit;
  resetRateLimit: RateLimit;
}> = async (app, { service, loginRateLimit, resetRateLimit }) => {
  // Client address (the plugin's default key: IPv6 grouped by /64) across every email, so one
  // client cannot try a password on many accounts, nor mail many people.
  const loginPerClient = app.createRateLimit({
    max: loginRateLimit.ipMax,
    timeWindow: loginRateLimit.timeWindowMs,
  });
  const resetPerClient = app.createRateLimit({
    max: resetRateLimit.ipMax,
    timeWindow: resetRateLimit.timeWindowMs,
  });
  // Per address, whatever the client: nobody's mailbox gets flooded with reset links.
  const resetPerAddress = app.createRateLimit({
    max: resetRateLimit.max,
    timeWindow: resetRateLimit.timeWindowMs,
    keyGenerator: emailKey,
  });

  app.post(
    '/login',
    {
      onRequest: (request, reply) => enforce(loginPerClient, request, reply),
      config: {
        // Per client address and email: slows password guessing without locking out a whole office.
        rateLimit: {
          max: loginRateLimit.max,
          timeWindow: loginRateLimit.timeWindowMs,
          // After body parsing, so the key can include the email.
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}|${emailKey(request)}`,
        },
      },
      schema: {
        tags,
        summary: 'Exchange credentials for a 24 h JWT',
        description: `At most ${loginRateLimit.max} attempts per client and email, and ${loginRateLimit.ipMax} per client, every ${loginRateLimit.timeWindowMs / 1000} s; then 429.`,
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    (request) => service.login(request.body),
  );

  app.post(
    '/ask-reset-password',
    {
      onRequest: (request, reply) => enforce(resetPerClient, request, reply),
      preHandler: (request, reply) => enforce(resetPerAddress, request, reply),
      schema: {
        tags,
        summary: 'Mail a one-time password reset link (always 204)',
        description: `The link is mailed in the background, so the answer is the same whether the address has an account or not. At most ${resetRateLimit.max} requests per address and ${resetRateLimit.ipMax} per client every ${resetRateLimit.timeWindowMs / 1000} s; then 429.`,
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
