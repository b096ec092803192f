import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  invoiceTransferListQuerySchema,
  invoiceTransferParamsSchema,
  invoiceTransferSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import { fileResponse, sendFile } from '../../../platform/http/file-response.ts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { CsvFormat } from '../invoices/invoice-csv.ts';
import { csvFormatOf } from '../invoices/invoice-csv.ts';
import { assertTransferReader } from './transfer-access.ts';
import { csvLanguageOf, transfersCsv } from './transfers-csv.ts';
import type { TransfersService } from './transfers.service.ts';

const XML = 'application/xml; charset=utf-8';

/** The CSV format asked for: `separator` in the query, else the client's language. */
function csvFormatOfRequest(request: FastifyRequest): CsvFormat {
  const { separator } = request.query as { separator?: unknown };
  return csvFormatOf(
    typeof separator === 'string' ? separator : undefined,
    request.headers['accept-language'],
  );
}

/**
 * The gov-it view of invoice transfers (spec 7), mounted inside `/api/it`: the list (hydra,
 * array or CSV by Accept), one transfer and its invoice XML.
 */
export const invoiceTransfersRoutes = resourceRoutes({
  tags: ['gov-it: invoice transfers'],
  access: assertTransferReader,
  routes: ({ service }: { service: TransfersService }) => [
    itemRoute('GET', '/invoice-transfers/:uuid', {
      summary: 'One invoice transfer',
      params: invoiceTransferParamsSchema,
      response: invoiceTransferSchema,
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
  ],
  // The list negotiates CSV and the download is a file: written by hand.
  handWritten: (app, { service }, { tags, security }) => {
    app.get(
      '/invoice-transfers',
      {
        schema: {
          tags,
          security,
          summary: 'List invoice transfers',
          description:
            'Filters: created_at[after|before|strictly_after|strictly_before] (ISO 8601 date or ' +
            "'YYYY-MM-DD HH:mm:ss'; with its offset, e.g. 2026-11-26T00:00:00+01:00 for a day of " +
            'Europe/Rome, else read as UTC), original_file_name (contains), exists[violations]=true|false, ' +
            'fixed=true|false (a failed file later uploaded again and sent is fixed), upload_uuid (the ' +
            'transfers of one upload), page, itemsPerPage. ' +
            'Accept: application/ld+json (hydra), application/json (array), or text/csv (the page, ' +
            'up to 1,000 rows with itemsPerPage=1000; UTF-8 with a BOM; separator=; or , else by ' +
            'Accept-Language, as the invoice CSV).',
          querystring: withPropertyFilter(invoiceTransferListQuerySchema),
          response: {
            200: collectionResponse(
              z.array(invoiceTransferSchema),
              hydraCollectionSchema(invoiceTransferSchema),
            ),
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const type = request
          .accepts()
          .type(['application/json', 'application/ld+json', 'text/csv']);
        if (type === 'text/csv') {
          const page = await service.csvPage(actor, request.query);
          return sendFile(reply, {
            type: 'text/csv; charset=utf-8',
            body: transfersCsv(
              page.items,
              csvFormatOfRequest(request),
              csvLanguageOf(request.headers['accept-language']),
            ),
            fileName: `invoice_transfers_${page.page}.csv`,
          });
        }
        return sendCollection(request, reply, await service.list(actor, request.query));
      },
    );

    app.get(
      '/invoice-transfers/:uuid/download',
      {
        schema: {
          tags,
          security,
          summary: "The transfer's invoice XML",
          description:
            "The invoice as read from the uploaded file (a .p7m's content); 404 when the file could not be read as an invoice.",
          params: invoiceTransferParamsSchema,
          response: { 200: fileResponse('Invoice XML', ['application/xml']) },
        },
      },
      async (request, reply) => {
        const file = await service.xml(actorOf(request), request.params.uuid);
        return sendFile(reply, { type: XML, body: file.xml, fileName: file.fileName });
      },
    );
  },
});
