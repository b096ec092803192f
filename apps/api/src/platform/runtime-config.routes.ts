import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RuntimeConfig } from '@fiscus/contracts';
import { healthResponseSchema, runtimeConfigSchema } from '@fiscus/contracts';
import type { AppConfig } from '../config.ts';
import { demoLogins } from '../db/seed-demo.ts';
import type { Database } from './db/database.ts';
import { HttpProblem } from './problem-errors.ts';

/** What the console reads before anything else: where each service lives and how roles are keyed. */
export function runtimeConfigOf(config: AppConfig): RuntimeConfig {
  return {
    services: config.serviceUrls,
    platformKeys: config.platformKeys,
    sandbox: config.sandbox,
    ...(config.sandbox ? { demoLogins } : {}),
    version: config.version,
  };
}

export const runtimeConfigRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  db: Database;
}> = async (app, { config, db }) => {
  const body = runtimeConfigOf(config);

  app.get(
    '/config.json',
    {
      schema: {
        tags: ['platform'],
        summary: 'Runtime config of the console',
        response: { 200: runtimeConfigSchema },
      },
    },
    async (_request, reply) => {
      // Deployments change it without rebuilding the console, so browsers must not keep it.
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: '200 once the API can reach its database',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new HttpProblem(503, 'Database unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
