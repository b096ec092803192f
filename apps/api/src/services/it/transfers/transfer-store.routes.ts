import type { FastifyInstance } from 'fastify';
import type { Problem } from '@fiscus/contracts';
import {
  TRANSFER_MAX_INVOICE_BYTES,
  TRANSFER_MAX_PATH_DEPTH,
  TRANSFER_MAX_PATH_LENGTH,
  TRANSFER_MAX_SEGMENT_LENGTH,
  TRANSFER_MAX_ZIP_BYTES,
  transferDirsQuerySchema,
  transferDirsSchema,
  transferProblemSchema,
  transferUploadedSchema,
  transferUploadParamsSchema,
  transferUploadProgressSchema,
  transferUploadSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { PROBLEM_CONTENT_TYPE } from '../../../platform/problem-errors.ts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import { DEFAULT_ZIP_LIMITS } from './transfer-archive.ts';
import { assertTransferUploader } from './transfer-access.ts';
import type { TransfersService } from './transfers.service.ts';

const MB = 1024 * 1024;

/** The JSON body of the largest zip: base64 is 4/3 of the bytes, plus the path and some slack. */
export const TRANSFER_UPLOAD_BODY_LIMIT = Math.ceil(TRANSFER_MAX_ZIP_BYTES / 3) * 4 + 2 * MB;

const UPLOAD_DESCRIPTION =
  "Stores a file in the account's transfer tree and queues it: each invoice becomes an invoice " +
  'transfer (GET /api/it/invoice-transfers), sent to SDI as a customer invoice when valid, kept ' +
  'with its violations otherwise. Body: content (the file in base64), project ("it"), path ' +
  '(folders and file name, e.g. "2026/march/IT01234567890_00001.xml"). Files: FatturaPA .xml or ' +
  `signed .xml.p7m up to ${TRANSFER_MAX_INVOICE_BYTES / MB} MB, or a .zip of them up to ` +
  `${TRANSFER_MAX_ZIP_BYTES / MB} MB (at most ${DEFAULT_ZIP_LIMITS.maxEntries} entries, ` +
  `${DEFAULT_ZIP_LIMITS.maxTotalBytes / MB} MB unpacked, an expansion ratio of at most ` +
  `${DEFAULT_ZIP_LIMITS.maxRatio}; nested zips and other files in it become transfers with a ` +
  'violation). Paths: relative, "/"-separated, no "." or ".." folders, no backslash, no control ' +
  `character; at most ${TRANSFER_MAX_PATH_LENGTH} characters, ${TRANSFER_MAX_SEGMENT_LENGTH} a ` +
  `name, ${TRANSFER_MAX_PATH_DEPTH} levels. A refused upload answers 422 with violations and ` +
  'an errors map ({field: [messages]}) and stores nothing.';

/** The spec's errors map: each violation's message under its field. */
function errorsMap(problem: Problem): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const violation of problem.violations ?? []) {
    const field = violation.propertyPath || 'generic';
    (errors[field] ??= []).push(violation.message);
  }
  if (Object.keys(errors).length === 0 && problem.detail) errors.generic = [problem.detail];
  return errors;
}

/**
 * The transfer service (`/api/transfer`, spec 7): `POST it/upload` and `GET it/dirs`, mounted
 * with the service; every refusal of it carries the errors map the console's import dialog shows.
 */
export async function transferStorePlugin(
  app: FastifyInstance,
  { service }: { service: TransfersService },
): Promise<void> {
  // Refusals of this service carry the errors map beside the problem's violations.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500 || typeof payload !== 'string')
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith(PROBLEM_CONTENT_TYPE))
      return payload;
    try {
      const problem = JSON.parse(payload) as Problem;
      return JSON.stringify({ ...problem, errors: errorsMap(problem) });
    } catch {
      return payload;
    }
  });
  await app.register(
    resourceRoutes({
      tags: ['transfer: invoice-transfer store'],
      access: assertTransferUploader,
      routes: () => [
        itemRoute('GET', '/it/dirs', {
          summary: 'Folders of the transfer tree',
          description:
            'Without prefix: the root\'s folders (root_dir "/"). With prefix=a/b: the child ' +
            'folders of a/b (root_dir "a/b"). Folders are full paths without a leading slash; ' +
            '404 for a folder that does not exist.',
          querystring: transferDirsQuerySchema,
          response: transferDirsSchema,
          errors: { 404: transferProblemSchema, 422: transferProblemSchema },
          handle: ({ actor, query }) => service.dirs(actor, query.prefix),
        }),
        itemRoute('GET', '/it/uploads/:uuid', {
          summary: 'How far an upload has been read',
          description:
            'The upload (its uuid as POST it/upload answered it): total files, transfers made, ' +
            'processed (read to the end: with violations or sent), sent and with_violations; ' +
            "status 'processed' once every transfer exists. Its transfers: GET " +
            '/api/it/invoice-transfers?upload_uuid={uuid}. 404 for an unknown upload.',
          params: transferUploadParamsSchema,
          response: transferUploadProgressSchema,
          errors: { 404: transferProblemSchema },
          handle: ({ actor, params }) => service.uploadProgress(actor, params.uuid),
        }),
      ],
      handWritten: (typed, _deps, { tags, security }) => {
        // Hand-written for its body limit: a zip of 50 MB travels as about 67 MB of base64.
        typed.post(
          '/it/upload',
          {
            bodyLimit: TRANSFER_UPLOAD_BODY_LIMIT,
            schema: {
              tags,
              security,
              summary: 'Upload an invoice or a zip of invoices into the transfer tree',
              description: UPLOAD_DESCRIPTION,
              body: transferUploadSchema,
              response: {
                202: transferUploadedSchema,
                403: transferProblemSchema,
                413: transferProblemSchema,
                422: transferProblemSchema,
              },
            },
          },
          async (request, reply) => {
            const uploaded = await service.upload(actorOf(request), request.body);
            return reply.code(202).send(uploaded);
          },
        );
      },
    }),
    { service },
  );
}
