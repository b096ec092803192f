/*
 * The sandbox KSeF's HTTP face: the KSeF 2.0 paths a provider uses, answered as KSeF answers
 * them (status codes, JSON shapes, `ExceptionResponse` bodies with KSeF's exception codes, 401
 * and 403 as Problem Details, `X-Error-Format: problem-details` honoured for 400s), so that a
 * client written for the real KSeF works against it. Thin: each route reads the request and
 * calls `KsefSandbox`.
 *
 * Mount it under `/api/ksef-sandbox/v2` (the real API's base is `https://api-test.ksef.mf.gov.pl/v2`):
 *
 *   await app.register(ksefSandboxRoutes, { prefix: '/api/ksef-sandbox/v2', sandbox });
 *
 * It is an encapsulated plugin: its XML body parser and its error handler apply to its routes
 * only. Bodies are limited per route (JSON 64 KiB, a signed AuthTokenRequest 256 KiB, an
 * encrypted invoice 4.5 MiB: 3 MB of invoice in Base64).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../../../platform/problem-errors.ts';
import { KsefError } from '../ksef-gateway.ts';
import type { ExceptionResponse } from '../wire/api-types.ts';
import { KsefForbiddenError } from './codes.ts';
import type { KsefFile, KsefSandbox } from './ksef-sandbox.ts';

export type KsefSandboxRoutesOptions = { sandbox: KsefSandbox };

const JSON_LIMIT = 64 * 1024;
const XML_LIMIT = 256 * 1024;
const INVOICE_LIMIT = 4_718_592;
const XML_TYPES = ['application/xml', 'text/xml'];
const HIDDEN = { hide: true } as const;

type Params = Record<string, string>;
type Query = Record<string, string | string[] | undefined>;

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

function param(request: FastifyRequest, name: string): string {
  return (request.params as Params)[name] ?? '';
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function optionalInteger(value: string | string[] | undefined): number | undefined {
  const text = one(value);
  if (text === undefined || text === '') return undefined;
  return Number(text);
}

function sendFile(reply: FastifyReply, file: KsefFile): FastifyReply {
  return reply
    .type('application/xml; charset=utf-8')
    .header('x-ms-meta-hash', file.hash)
    .send(file.body);
}

function exceptionBody(request: FastifyRequest, error: KsefError): ExceptionResponse {
  return {
    exception: {
      exceptionDetailList: [
        {
          exceptionCode: error.code,
          exceptionDescription: error.description,
          ...(error.details.length > 0 ? { details: [...error.details] } : {}),
        },
      ],
      referenceNumber: null,
      serviceCode: request.id,
      serviceCtx: 'srvKSEFSANDBOX',
      serviceName: 'KSeF sandbox',
      timestamp: new Date().toISOString(),
    },
  };
}

/** A refusal as KSeF words it; an unexpected failure as KSeF's "unknown error". */
function answerError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const common = {
    instance: request.url,
    traceId: request.id,
    timestamp: new Date().toISOString(),
  };
  let refusal: KsefError;
  if (error instanceof KsefForbiddenError) {
    return reply
      .code(403)
      .type('application/problem+json')
      .send({
        title: 'Forbidden',
        status: 403,
        detail: error.description,
        reasonCode: error.reasonCode,
        security: error.security ?? null,
        ...common,
      });
  }
  if (error instanceof KsefError) {
    refusal = error;
  } else if (error instanceof HttpProblem && error.status < 500) {
    // The API's edge refused it before KSeF read it (NUL bytes, lone surrogates, JSON too deep).
    refusal = new KsefError(21405, 'Błąd walidacji danych wejściowych.', [error.message], 400);
  } else if (
    (error instanceof SyntaxError || error instanceof RangeError) &&
    !('statusCode' in error)
  ) {
    // JSON that does not parse, or too deep to parse (the parser's stack).
    refusal = new KsefError(21001, 'Nieczytelna treść.', [error.message.slice(0, 200)], 400);
  } else if (
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode < 500
  ) {
    // Fastify's own refusals: unreadable JSON, too large, unsupported media type.
    const unreadable =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
    refusal = new KsefError(
      unreadable ? 21001 : 21405,
      unreadable ? 'Nieczytelna treść.' : 'Błąd walidacji danych wejściowych.',
      [error.message],
      error.statusCode,
    );
  } else {
    request.log.error({ err: error }, 'KSeF sandbox failed');
    refusal = new KsefError(500, 'Nieznany błąd.', [], 500);
  }
  if (refusal.httpStatus === 401 || refusal.httpStatus === 410) {
    return reply
      .code(refusal.httpStatus)
      .type('application/problem+json')
      .send({
        title: refusal.httpStatus === 401 ? 'Unauthorized' : 'Gone',
        status: refusal.httpStatus,
        detail: refusal.description,
        ...common,
      });
  }
  if (request.headers['x-error-format'] === 'problem-details' && refusal.httpStatus < 500) {
    return reply
      .code(refusal.httpStatus)
      .type('application/problem+json')
      .send({
        title: STATUS_CODES[refusal.httpStatus] ?? 'Bad Request',
        status: refusal.httpStatus,
        detail: 'Żądanie jest nieprawidłowe.',
        errors: [
          { code: refusal.code, description: refusal.description, details: [...refusal.details] },
        ],
        ...common,
      });
  }
  return reply.code(refusal.httpStatus).send(exceptionBody(request, refusal));
}

/** The sandbox KSeF's routes (register with a prefix, e.g. `/api/ksef-sandbox/v2`). */
export const ksefSandboxRoutes: FastifyPluginAsync<KsefSandboxRoutesOptions> = async (
  app,
  { sandbox },
) => {
  for (const type of XML_TYPES) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }
  app.addContentTypeParser(XML_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // KSeF's bodiless POSTs (challenge, redeem, close…) may come with a JSON content type.
  const strictJson = app.getDefaultJsonParser('error', 'error');
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    strictJson(request, text, done);
  });
  app.setErrorHandler(answerError);

  const json = { bodyLimit: JSON_LIMIT, schema: HIDDEN };

  app.get('/security/public-key-certificates', { schema: HIDDEN }, async () =>
    sandbox.publicKeyCertificates(),
  );

  // --- authentication -------------------------------------------------------------------------
  app.post('/auth/challenge', json, async (request) => sandbox.challenge(request.ip));
  app.post(
    '/auth/xades-signature',
    { bodyLimit: XML_LIMIT, schema: HIDDEN },
    async (request, reply) => {
      const body = request.body;
      const signed = Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : undefined;
      if (signed === undefined) {
        throw new KsefError(21001, 'Nieczytelna treść.', [
          'Oczekiwano dokumentu XML (application/xml).',
        ]);
      }
      return reply.code(202).send(await sandbox.authenticateWithXades(signed));
    },
  );
  app.post('/auth/ksef-token', json, async (request, reply) =>
    reply.code(202).send(await sandbox.authenticateWithKsefToken(request.body)),
  );
  app.get('/auth/:referenceNumber', { schema: HIDDEN }, async (request) =>
    sandbox.authenticationStatus(bearerOf(request), param(request, 'referenceNumber')),
  );
  app.post('/auth/token/redeem', json, async (request) => sandbox.redeemTokens(bearerOf(request)));
  app.post('/auth/token/refresh', json, async (request) =>
    sandbox.refreshAccessToken(bearerOf(request)),
  );

  // --- KSeF tokens ------------------------------------------------------------------------------
  app.post('/tokens', json, async (request, reply) =>
    reply.code(202).send(await sandbox.generateKsefToken(bearerOf(request), request.body)),
  );
  app.get('/tokens', { schema: HIDDEN }, async (request) => {
    const query = request.query as Query;
    const status = query.status;
    const description = one(query.description);
    const pageSize = optionalInteger(query.pageSize);
    const continuationToken = request.headers['x-continuation-token'];
    return sandbox.queryKsefTokens(bearerOf(request), {
      ...(status !== undefined ? { status: Array.isArray(status) ? status : [status] } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(pageSize !== undefined ? { pageSize } : {}),
      ...(typeof continuationToken === 'string' ? { continuationToken } : {}),
    });
  });

  // --- online sessions --------------------------------------------------------------------------
  app.post('/sessions/online', json, async (request, reply) =>
    reply.code(201).send(await sandbox.openOnlineSession(bearerOf(request), request.body)),
  );
  app.post(
    '/sessions/online/:referenceNumber/invoices',
    { bodyLimit: INVOICE_LIMIT, schema: HIDDEN },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await sandbox.sendInvoice(
            bearerOf(request),
            param(request, 'referenceNumber'),
            request.body,
          ),
        ),
  );
  app.post('/sessions/online/:referenceNumber/close', json, async (request, reply) => {
    await sandbox.closeOnlineSession(bearerOf(request), param(request, 'referenceNumber'));
    return reply.code(204).send();
  });

  // --- status and UPO ---------------------------------------------------------------------------
  app.get('/sessions/:referenceNumber', { schema: HIDDEN }, async (request) =>
    sandbox.sessionStatus(bearerOf(request), param(request, 'referenceNumber')),
  );
  app.get(
    '/sessions/:referenceNumber/invoices/:invoiceReferenceNumber',
    { schema: HIDDEN },
    async (request) =>
      sandbox.sessionInvoiceStatus(
        bearerOf(request),
        param(request, 'referenceNumber'),
        param(request, 'invoiceReferenceNumber'),
      ),
  );
  app.get(
    '/sessions/:referenceNumber/invoices/:invoiceReferenceNumber/upo',
    { schema: HIDDEN },
    async (request, reply) =>
      sendFile(
        reply,
        await sandbox.invoiceUpoByReference(
          bearerOf(request),
          param(request, 'referenceNumber'),
          param(request, 'invoiceReferenceNumber'),
        ),
      ),
  );
  app.get(
    '/sessions/:referenceNumber/invoices/ksef/:ksefNumber/upo',
    { schema: HIDDEN },
    async (request, reply) =>
      sendFile(
        reply,
        await sandbox.invoiceUpoByKsefNumber(
          bearerOf(request),
          param(request, 'referenceNumber'),
          param(request, 'ksefNumber'),
        ),
      ),
  );
  app.get(
    '/sessions/:referenceNumber/upo/:upoReferenceNumber',
    { schema: HIDDEN },
    async (request, reply) =>
      sendFile(
        reply,
        await sandbox.sessionUpo(
          bearerOf(request),
          param(request, 'referenceNumber'),
          param(request, 'upoReferenceNumber'),
        ),
      ),
  );

  // --- KSeF certificates -----------------------------------------------------------------------
  app.get('/certificates/limits', { schema: HIDDEN }, async (request) =>
    sandbox.certificateLimits(bearerOf(request)),
  );
  app.get('/certificates/enrollments/data', { schema: HIDDEN }, async (request) =>
    sandbox.certificateEnrollmentData(bearerOf(request)),
  );
  app.post('/certificates/enrollments', json, async (request, reply) =>
    reply.code(202).send(await sandbox.enrollCertificate(bearerOf(request), request.body)),
  );
  app.get('/certificates/enrollments/:referenceNumber', { schema: HIDDEN }, async (request) =>
    sandbox.certificateEnrollmentStatus(bearerOf(request), param(request, 'referenceNumber')),
  );
  app.post('/certificates/retrieve', json, async (request) =>
    sandbox.retrieveCertificates(bearerOf(request), request.body),
  );
  app.post('/certificates/query', json, async (request) => {
    const query = request.query as Query;
    const pageSize = optionalInteger(query.pageSize);
    const pageOffset = optionalInteger(query.pageOffset);
    return sandbox.queryCertificates(bearerOf(request), request.body, {
      ...(pageSize !== undefined ? { pageSize } : {}),
      ...(pageOffset !== undefined ? { pageOffset } : {}),
    });
  });
  app.post('/certificates/:certificateSerialNumber/revoke', json, async (request, reply) => {
    await sandbox.revokeCertificate(
      bearerOf(request),
      param(request, 'certificateSerialNumber'),
      request.body,
    );
    return reply.code(204).send();
  });

  // --- invoices ---------------------------------------------------------------------------------
  app.get('/invoices/ksef/:ksefNumber', { schema: HIDDEN }, async (request, reply) =>
    sendFile(
      reply,
      await sandbox.invoiceByKsefNumber(bearerOf(request), param(request, 'ksefNumber')),
    ),
  );
  app.post('/invoices/query/metadata', json, async (request) => {
    const query = request.query as Query;
    const sortOrder = one(query.sortOrder);
    const pageOffset = optionalInteger(query.pageOffset);
    const pageSize = optionalInteger(query.pageSize);
    return sandbox.queryInvoiceMetadata(bearerOf(request), request.body, {
      ...(sortOrder !== undefined ? { sortOrder } : {}),
      ...(pageOffset !== undefined ? { pageOffset } : {}),
      ...(pageSize !== undefined ? { pageSize } : {}),
    });
  });
};
