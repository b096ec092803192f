import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { Problem, Violation } from '@fiscus/contracts';
import { violationCodes } from '@fiscus/contracts';
import type { ConsoleIndex } from './static-console.ts';
import { isConsoleNavigation } from './static-console.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** An error that is the client's answer: thrown by services, rendered as problem+json. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly violations: Violation[] | undefined;

  constructor(status: number, detail?: string, violations?: Violation[]) {
    super(detail ?? STATUS_CODES[status] ?? 'Error');
    this.status = status;
    this.detail = detail;
    this.violations = violations;
  }

  toProblem(): Problem {
    return problemBody(this.status, this.detail, this.violations);
  }
}

export const badRequest = (detail: string, violations?: Violation[]) =>
  new HttpProblem(400, detail, violations);
export const unauthorized = (detail = 'Full authentication is required to access this resource.') =>
  new HttpProblem(401, detail);
export const forbidden = (detail = 'Access Denied.') => new HttpProblem(403, detail);
export const notFound = (detail = 'Not Found') => new HttpProblem(404, detail);

/** 422 with violations, as API Platform answers a failed validation. */
export function unprocessable(violations: Violation[]): HttpProblem {
  return new HttpProblem(422, violationsDetail(violations), violations);
}

export function violation(propertyPath: string, message: string, code: string): Violation {
  return { propertyPath, message, code };
}

function violationsDetail(violations: Violation[]): string {
  return violations
    .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
    .join('\n');
}

export function problemBody(status: number, detail?: string, violations?: Violation[]): Problem {
  const title = status === 422 ? 'An error occurred' : (STATUS_CODES[status] ?? 'Error');
  return {
    type: `/errors/${status}`,
    title,
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(violations === undefined ? {} : { violations }),
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

type ZodValidationEntry = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Maps one zod issue (as fastify-type-provider-zod reports it) to an API Platform violation. */
function toViolation(entry: ZodValidationEntry): Violation {
  const propertyPath = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = entry.message ?? 'This value is not valid.';
  return { propertyPath, message, code: violationCode(entry, message) };
}

function violationCode(entry: ZodValidationEntry, message: string): string {
  const custom = entry.params.params as { code?: unknown } | undefined;
  if (typeof custom?.code === 'string') return custom.code;
  switch (entry.keyword) {
    case 'too_small':
      if (entry.params.origin === 'number') return violationCodes.notPositive;
      return entry.params.minimum === 1 ? violationCodes.required : violationCodes.tooShort;
    case 'too_big':
      return violationCodes.tooLong;
    case 'invalid_format':
      return entry.params.format === 'email' ? violationCodes.invalidEmail : violationCodes.invalid;
    case 'invalid_value':
      return violationCodes.invalidChoice;
    case 'invalid_type':
      // A missing field reports invalid_type; its message is the "required" text of the contract.
      return /required|blank/i.test(message) ? violationCodes.required : violationCodes.invalidType;
    default:
      return violationCodes.invalid;
  }
}

/**
 * Every error leaves as problem+json: validation → 422 (body) or 400 (query, params, headers),
 * client errors keep their status, anything else is a 500 with no internals in the body.
 */
export function registerProblemErrors(
  app: FastifyInstance,
  options: { spaFallback: ConsoleIndex | null },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error.toProblem());

    if (hasZodFastifySchemaValidationErrors(error)) {
      const violations = error.validation.map((entry) => toViolation(entry as ZodValidationEntry));
      const context = (error as { validationContext?: string }).validationContext;
      if (context === 'body') return sendProblem(reply, unprocessable(violations).toProblem());
      return sendProblem(
        reply,
        problemBody(
          400,
          `Invalid ${context ?? 'request'}: ${violationsDetail(violations)}`,
          violations,
        ),
      );
    }

    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return sendProblem(reply, problemBody(500));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, problemBody(status, clientErrorDetail(error)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problemBody(500));
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && isConsoleNavigation(request)) return options.spaFallback(reply);
    return sendProblem(
      reply,
      problemBody(404, `No route matches ${request.method} ${request.url.split('?')[0]}`),
    );
  });
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs (a
 * path that is not valid percent-encoding, a path parameter past `maxParamLength`) leaves as
 * problem+json like every other error, without echoing the URL.
 */
export function sendFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    sendProblem(reply, problemBody(status, clientErrorDetail(error)));
  } else {
    reply.log.error({ err: error }, 'framework error');
    sendProblem(reply, problemBody(500));
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (a NUL or another
 * control character in a header, a bad method, headers past the size limit, a timeout) gets a
 * problem+json answer on the raw socket, then the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request line and headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(problemBody(status, detail));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** Fastify's own 4xx messages are safe to show, but a few deserve a clearer wording. */
function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'The URL is not valid percent-encoded UTF-8.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A path parameter is too long.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type.';
    default:
      return error.message;
  }
}
