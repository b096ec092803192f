import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import pino from 'pino';

/** Field names that hold a secret wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'password',
  'password_confirm',
  'passwordHash',
  'old_password',
  'new_password',
  'current_password',
  'authentication_token',
  'authenticationToken',
  'token',
  'refresh_token',
  'jwtSecret',
  'taxPortalSecret',
  'pin',
  'secret',
];

/**
 * pino `redact` paths: each secret field at the top of a log line and up to three levels down
 * (`req.headers.authorization`, `body.authentication_token`, `err.raw.params…`). pino's paths
 * have no "any depth" wildcard, so the depths are spelled out; deeper secrets are the
 * serializers' job.
 */
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  const join = (prefix: string) => (key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`);
  return [key, join('*'), join('*.*'), join('*.*.*')];
}).concat([
  // SQL of a failed query: its parameters hold whatever was written (tokens, passwords).
  'err.params',
  'err.detail',
  'err.where',
  'err.internalQuery',
]);

/** Column values PostgreSQL copies into an error (`Failing row contains (…)`, `Key (…)=(…)`). */
const DATABASE_VALUE_FIELDS = ['detail', 'where', 'internalQuery', 'params'];

function isQueryError(error: Error): error is Error & { query: string; params: unknown } {
  return 'query' in error && 'params' in error && typeof error.query === 'string';
}

/**
 * A copy of an error, and of its causes, without the values of a failed query: Drizzle's
 * `Failed query: … params: …` message (and stack) loses its parameters, and a database error
 * loses the fields in which PostgreSQL repeats column values. The query text itself stays: it
 * is parameterised, so it names columns, never values.
 */
export function withoutQueryValues(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Object.keys(error)) {
    if (DATABASE_VALUE_FIELDS.includes(key) || key === 'cause') continue;
    (copy as unknown as Record<string, unknown>)[key] = (
      error as unknown as Record<string, unknown>
    )[key];
  }
  const message = isQueryError(error) ? `Failed query: ${error.query}` : error.message;
  let stack = error.stack;
  if (stack !== undefined && message !== error.message) {
    const header = `${error.name}: ${error.message}`;
    stack = stack.startsWith(header)
      ? `${error.name}: ${message}${stack.slice(header.length)}`
      : `${error.name}: ${message}`;
  }
  Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', { value: stack, writable: true, configurable: true });
  if (error.cause instanceof Error && depth < 8) {
    Object.defineProperty(copy, 'cause', {
      value: withoutQueryValues(error.cause, depth + 1),
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** An error's message fit for a log line or a stored job error (no query parameters). */
export function safeErrorMessage(error: unknown): string {
  return error instanceof Error ? withoutQueryValues(error).message : String(error);
}

/** pino's error serializer over {@link withoutQueryValues}. */
export function serializeError(error: Error): pino.SerializedError {
  return pino.stdSerializers.err(error instanceof Error ? withoutQueryValues(error) : error);
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The API's logger options: the given ones (tests pass a stream) or JSON at `level`, always
 * with secrets redacted and errors serialised without query values. `false` stays silent.
 */
export function loggerOptions(
  level: string,
  given: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base: LoggerOptions = given === undefined || given === true ? { level } : given;
  return {
    ...base,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { ...base.serializers, err: serializeError },
  };
}

/** Paths whose requests a terminal never shows: the health checks of probes and scripts. */
const QUIET_PATHS = ['/api/health'];

/**
 * Paths a terminal shows only when they fail: the sandbox's own webhook receiver
 * (services/demo/demo-webhook-receiver.ts), i.e. the instance delivering webhooks to itself; the
 * first start's demo history alone sends dozens, and the delivery log lists every one.
 */
const QUIET_WHEN_ANSWERED_PATHS = ['/api/dev/webhook-receiver'];

interface RequestLine {
  method: string;
  url: string;
}

function matches(url: string, paths: readonly string[]): boolean {
  return paths.some((path) => url === path || url.startsWith(`${path}?`));
}

/**
 * pino `hooks.logMethod` of a terminal: Fastify's two lines per request ('incoming request',
 * 'request completed') become one (`GET /api/it/invoices → 200 (12 ms)`); health checks, and the
 * console's own files and the sandbox's own webhook receiver answered without error, are left
 * out, so the start banner stays in view.
 */
export function terminalRequestLines(): NonNullable<pino.LoggerOptions['hooks']>['logMethod'] {
  const pending = new Map<unknown, RequestLine>();
  return function logMethod(this: pino.Logger, args, method) {
    const [first, message] = args as unknown[];
    const fields = (typeof first === 'object' && first !== null ? first : {}) as Record<
      string,
      unknown
    >;
    const reqId = this.bindings().reqId as unknown;
    if (message === 'incoming request' && typeof fields.req === 'object' && fields.req !== null) {
      const req = fields.req as { method?: string; url?: string };
      pending.set(reqId, { method: req.method ?? '?', url: req.url ?? '?' });
      return;
    }
    if (message === 'request completed' && typeof fields.res === 'object' && fields.res !== null) {
      const line = pending.get(reqId);
      pending.delete(reqId);
      const status = (fields.res as { statusCode?: number }).statusCode ?? 0;
      if (!line) return method.apply(this, args);
      if (matches(line.url, QUIET_PATHS)) return;
      if (status < 400 && !line.url.startsWith('/api/')) return;
      if (status < 400 && matches(line.url, QUIET_WHEN_ANSWERED_PATHS)) return;
      const ms = typeof fields.responseTime === 'number' ? fields.responseTime.toFixed(0) : '?';
      return method.apply(this, [
        { statusCode: status, responseTime: fields.responseTime },
        `${line.method} ${line.url} → ${status} (${ms} ms)`,
      ] as unknown as Parameters<typeof method>);
    }
    return method.apply(this, args);
  };
}

/** pino-pretty's stream factory (a development dependency: absent from a production install). */
type PrettyFactory = (options: Record<string, unknown>) => NodeJS.WritableStream;

function prettyFactory(): PrettyFactory | undefined {
  try {
    return createRequire(import.meta.url)('pino-pretty') as PrettyFactory;
  } catch {
    return undefined;
  }
}

/**
 * The logger of a server in a terminal (stdout is a TTY): pino-pretty's coloured one-line
 * records, one line per request, health checks quiet. Written synchronously on the main thread
 * (not a transport's worker), so log lines and the start banner (console.log) appear in the
 * order they happen and the last lines of a shutdown are not lost. Anywhere else (a service
 * manager, CI, a pipe), or without pino-pretty installed: undefined, the JSON lines a log
 * collector expects.
 */
export function terminalLogger(
  level: string,
  isTty: boolean,
  loadPretty: () => PrettyFactory | undefined = prettyFactory,
): LoggerOptions | undefined {
  if (!isTty) return undefined;
  const pretty = loadPretty();
  if (!pretty) return undefined;
  return {
    level,
    stream: pretty({
      colorize: true,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname,reqId,statusCode,responseTime',
      singleLine: true,
      sync: true,
    }),
    hooks: { logMethod: terminalRequestLines() },
  };
}
