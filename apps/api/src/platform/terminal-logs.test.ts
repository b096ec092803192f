import pino from 'pino';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalLogger, terminalRequestLines } from './logging.ts';

/** A logger with the terminal's request hook, writing JSON lines into `lines`. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ hooks: { logMethod: terminalRequestLines() } }, stream);
  return { logger, lines };
}

function request(logger: pino.Logger, reqId: string, method: string, url: string, status: number) {
  const child = logger.child({ reqId });
  child.info({ req: { method, url } }, 'incoming request');
  child.info({ res: { statusCode: status }, responseTime: 12.4 }, 'request completed');
}

describe('the logs of a server in a terminal', () => {
  it('shows one line per API request, and leaves out health checks and console files', () => {
    const { logger, lines } = capture();
    request(logger, 'r1', 'GET', '/api/health', 200);
    request(logger, 'r2', 'GET', '/assets/index.js', 200);
    request(logger, 'r3', 'GET', '/api/it/invoices?page=1', 200);
    request(logger, 'r4', 'GET', '/missing.js', 404);
    // The sandbox delivering webhooks to its own receiver: only a failure shows.
    request(logger, 'r5', 'POST', '/api/dev/webhook-receiver', 204);
    request(logger, 'r6', 'POST', '/api/dev/webhook-receiver', 413);
    logger.info('demo history made');
    expect(lines.map((line) => line.msg)).toEqual([
      'GET /api/it/invoices?page=1 → 200 (12 ms)',
      'GET /missing.js → 404 (12 ms)',
      'POST /api/dev/webhook-receiver → 413 (12 ms)',
      'demo history made',
    ]);
  });

  it('is pretty only when stdout is a terminal (and pino-pretty is installed)', () => {
    expect(terminalLogger('info', false)).toBeUndefined();
    const options = terminalLogger('debug', true);
    expect(options).toMatchObject({ level: 'debug' });
    expect(options?.stream).toBeDefined();
    expect(terminalLogger('info', true, () => undefined)).toBeUndefined();
  });

  it('writes in order with the banner: synchronously, one pretty line per record', () => {
    const written: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const options = terminalLogger(
      'info',
      true,
      () => (prettyOptions) =>
        // pino-pretty itself, writing into `out` instead of stdout.
        (createRequire(import.meta.url)('pino-pretty') as (o: object) => NodeJS.WritableStream)({
          ...prettyOptions,
          colorize: false,
          destination: out,
        }),
    );
    if (!options?.stream) throw new Error('no terminal stream');
    const logger = pino({ level: 'info', hooks: options.hooks }, options.stream);
    logger.info({ signal: 'SIGINT' }, 'shutting down');
    // Written by the time the call returns: nothing waits for a worker thread.
    expect(written.join('')).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\] INFO: shutting down \{"signal":"SIGINT"\}\n$/,
    );
  });
});
