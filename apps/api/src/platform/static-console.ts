import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@fiscus/contracts';

/** The id of the data block in index.html that holds the runtime configuration. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'fiscus-runtime-config';

/** Answers a console navigation with index.html, the runtime configuration written into it. */
export type ConsoleIndex = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built console when `apps/web/dist` exists; resolves the index.html sender the
 * not-found handler answers console navigations with (SPA fallback), or null without a build.
 *
 * - Hashed assets (`/assets/…`) are cached for good (`immutable`); the build keeps a brotli and a
 *   gzip copy of each (vite.config.ts), sent with `Content-Encoding` and `Vary: Accept-Encoding`
 *   to a browser that accepts them.
 * - index.html is never cached and never served as a file: every navigation gets it with the
 *   runtime configuration inlined (a JSON data block, which the CSP does not treat as a script),
 *   so the console starts without waiting for `/config.json` after its entry chunk has run.
 */
export async function registerStaticConsole(
  app: FastifyInstance,
  distDir: string,
  runtimeConfig: RuntimeConfig,
): Promise<ConsoleIndex | null> {
  const indexPath = resolve(distDir, 'index.html');
  let indexMtime: number;
  try {
    indexMtime = statSync(indexPath).mtimeMs;
  } catch {
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const configBlock = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForHtml(runtimeConfig)}</script>`;
  let page = withConfig(readFileSync(indexPath, 'utf8'), configBlock);
  const sendIndex: ConsoleIndex = (reply) => {
    // A rebuild while the API runs (npm run build beside npm start) is served at once.
    const mtime = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime !== undefined && mtime !== indexMtime) {
      indexMtime = mtime;
      page = withConfig(readFileSync(indexPath, 'utf8'), configBlock);
    }
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  };
  // Routes of their own win over the static wildcard: index.html is never sent as a plain file.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return sendIndex;
}

/** index.html with the configuration block first in its head (before any module script). */
function withConfig(html: string, block: string): string {
  const at = html.indexOf('<head>');
  if (at < 0) return `${block}${html}`;
  const end = at + '<head>'.length;
  return `${html.slice(0, end)}\n    ${block}${html.slice(end)}`;
}

/**
 * JSON that cannot end the script element it sits in nor open a comment: `<`, `>`, `&` and the
 * line separators written as \u escapes (JSON.parse reads them back unchanged).
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
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
