import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built console when `apps/web/dist` exists. Resolves true when it does; the not-found
 * handler then answers non-API GETs with index.html (SPA fallback).
 */
export async function registerStaticConsole(
  app: FastifyInstance,
  distDir: string,
): Promise<boolean> {
  if (!existsSync(resolve(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: ['index.html'],
    // Vite fingerprints assets, so they can be cached for good; index.html must always revalidate.
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/** True for requests the SPA fallback should answer: browser navigations outside /api. */
export function isConsoleNavigation(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    path !== '/api' &&
    !path.startsWith('/api/')
  );
}

export function sendConsoleIndex(reply: FastifyReply): FastifyReply {
  return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
}
