import pino from 'pino';
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
    logger.info('demo history made');
    expect(lines.map((line) => line.msg)).toEqual([
      'GET /api/it/invoices?page=1 → 200 (12 ms)',
      'GET /missing.js → 404 (12 ms)',
      'demo history made',
    ]);
  });

  it('is pretty only when stdout is a terminal', () => {
    expect(terminalLogger('info', false)).toBeUndefined();
    expect(terminalLogger('debug', true)).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
  });
});
