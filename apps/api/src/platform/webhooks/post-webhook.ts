import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  guardedLookup,
  isPrivateAddress,
  literalTargetProblem,
  PrivateTargetError,
  refusedRange,
} from './target-address.ts';

export type WebhookResponse = {
  /** HTTP status, or null when no response came (DNS, refused, timeout, private target). */
  status: number | null;
  durationMs: number;
  /** Why the attempt failed; undefined on a 2xx. */
  error: string | undefined;
};

/**
 * Total deadline of one delivery: DNS, connect, request and the whole response. Receivers
 * answer quickly or queue the work; one that trickles its answer must not hold a worker slot.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Enough of an error page to show in the delivery log without storing a whole HTML body. */
const RESPONSE_EXCERPT_BYTES = 512;

/**
 * One POST to a webhook target. Redirects are never followed (a 3xx is a failed attempt), so a
 * public target cannot bounce the request to an internal address. Unless private targets are
 * allowed, the address connected to is checked against one range list ({@link refusedRange}):
 * IP literals before connecting, names as they resolve ({@link guardedLookup}), and the
 * socket's peer once connected. The deadline covers the whole exchange, a trickling body
 * included. Never throws: every outcome is a WebhookResponse.
 */
export function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | undefined) => {
      if (settled) return;
      settled = true;
      resolve({ status, durationMs: elapsed(), error });
    };
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      finish(null, 'invalid target URL');
      return;
    }
    const refusedLiteral = literalTargetProblem(url, input.allowPrivate);
    if (refusedLiteral) {
      finish(null, refusedLiteral);
      return;
    }
    const deadline = AbortSignal.timeout(timeoutMs);
    deadline.addEventListener(
      'abort',
      () => finish(null, `no complete response within ${timeoutMs} ms`),
      {
        once: true,
      },
    );
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': String(input.body.length) },
        lookup: guardedLookup(input.allowPrivate),
        signal: deadline,
        // No pooled sockets: each delivery connects (and is checked) anew.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('error', (error) => finish(status, error.message));
        response.on('end', () => {
          if (status >= 200 && status < 300) return finish(status, undefined);
          const excerpt = Buffer.concat(chunks)
            .subarray(0, RESPONSE_EXCERPT_BYTES)
            .toString('utf8');
          finish(status, describeFailure(status, response.headers, excerpt));
        });
      },
    );
    request.on('socket', (socket) => {
      // Whatever the lookup said, judge the peer actually connected to.
      socket.once('connect', () => {
        const peer = socket.remoteAddress;
        if (!input.allowPrivate && peer && isPrivateAddress(peer)) {
          const reason = `connected to a private address (${peer}, ${refusedRange(peer)})`;
          finish(null, reason);
          request.destroy(new PrivateTargetError(reason));
        }
      });
    });
    request.on('error', (error) => finish(null, error.message));
    request.end(input.body);
  });
}

function describeFailure(status: number, headers: IncomingHttpHeaders, excerpt: string): string {
  if (status >= 300 && status < 400) {
    return `HTTP ${status}: redirect to ${headers.location ?? '(none)'} not followed`;
  }
  const text = excerpt.trim().replace(/\s+/g, ' ');
  return text ? `HTTP ${status}: ${text}` : `HTTP ${status}`;
}
