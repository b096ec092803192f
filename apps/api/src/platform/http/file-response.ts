import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from './content-disposition.ts';

/*
 * Download routes: a file body with its type and an attachment name reduced to a safe base name
 * (content-disposition.ts), and the OpenAPI entry of such a body. Routes that answer several
 * representations pick one with `request.accepts()` (@fastify/accepts, registered in app.ts) or
 * `ranksAbove` when a native format wins ties.
 */

/** Sends `body` as `type`; with a file name, as an attachment of that (safe) name. */
export function sendFile(
  reply: FastifyReply,
  file: { type: string; body: string | Buffer; fileName?: string },
): FastifyReply {
  if (file.fileName) reply.header('content-disposition', attachmentDisposition(file.fileName));
  return reply.type(file.type).send(file.body);
}

/** The 200 response entry of a route answering files of the given media types. */
export function fileResponse(description: string, types: string[]) {
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: z.string() }])),
  };
}

/**
 * True when `Accept` asks for `type` (q > 0) and ranks it strictly above every one of `others`:
 * a tie, a wildcard or no Accept keeps the route's native format.
 */
export function ranksAbove(accept: string | undefined, type: string, others: string[]): boolean {
  const rank = (name: string) => {
    const entry = (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .find(([candidate]) => candidate?.trim().toLowerCase() === name);
    if (!entry) return -1;
    const q = entry.slice(1).find((param) => param.trim().startsWith('q='));
    return q ? Number(q.trim().slice(2)) : 1;
  };
  const wanted = rank(type);
  return wanted > 0 && wanted > Math.max(...others.map(rank));
}
