import type { Invoice, Profile } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type {
  InvoiceFormVariant,
  InvoicePayload,
  InvoiceSource,
  SubmitResult,
  ValidationResult,
} from '../../it-invoice-form';

/** What the create calls accept: a guided-form payload or raw source typed/uploaded by the user. */
export type InvoiceBody =
  | { kind: 'payload'; variant: InvoiceFormVariant; payload: InvoicePayload }
  | { kind: 'source'; source: InvoiceSource };

function variantOf(body: InvoiceBody): InvoiceFormVariant {
  if (body.kind === 'payload') return body.variant;
  return body.source.type === 'simplified' ? 'simplified' : 'standard';
}

/** `/invoices` or `/invoices/simplified`, plus an optional suffix (`/validate`). */
function invoicesPath(body: InvoiceBody, suffix = ''): string {
  return `${variantOf(body) === 'simplified' ? '/invoices/simplified' : '/invoices'}${suffix}`;
}

/** Raw source is sent as typed: XML with its content type, JSON text as JSON. */
function requestBody(body: InvoiceBody): { body: string; contentType: string } {
  if (body.kind === 'payload') {
    return { body: JSON.stringify(body.payload), contentType: 'application/json' };
  }
  return {
    body: body.source.content,
    contentType: body.source.format === 'xml' ? 'application/xml' : 'application/json',
  };
}

/** `POST /invoices/validate` (or simplified); a 400 with violations is thrown as `ApiError`. */
export async function validateInvoice(body: InvoiceBody): Promise<ValidationResult> {
  const { body: content, contentType } = requestBody(body);
  await apiFetch('it', invoicesPath(body, '/validate'), {
    method: 'POST',
    body: content,
    headers: { 'Content-Type': contentType },
  });
  return { valid: true };
}

/**
 * `POST /invoices` (or simplified). A fix carries the rejected invoice's uuid in
 * `X-Fix-Invoice-Uuid` so the server links the two (spec 4 "Fix mode").
 */
export async function sendInvoice(
  body: InvoiceBody,
  options: { fixInvoiceUuid?: string } = {},
): Promise<Required<SubmitResult>> {
  const { body: content, contentType } = requestBody(body);
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (options.fixInvoiceUuid) headers['X-Fix-Invoice-Uuid'] = options.fixInvoiceUuid;
  return apiFetch<{ uuid: string }>('it', invoicesPath(body), {
    method: 'POST',
    body: content,
    headers,
  });
}

const invoicePath = (uuid: string) => `/invoices/${encodeURIComponent(uuid)}`;

/**
 * Reads of this feature, keyed apart from the invoice list feature's cache: the form needs the
 * record once, when it opens, and must not be refreshed under the user's edits.
 */
export const invoiceCreateQueries = {
  all: () => ['it-invoice-create'] as const,
  supplierProfile: () =>
    queryOptions({
      queryKey: [...invoiceCreateQueries.all(), 'supplier-profile'] as const,
      queryFn: ({ signal }) =>
        apiFetch<Profile>('common', '/users/me/profile', {
          signal,
          headers: { Accept: 'application/json' },
        }),
    }),
  invoice: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceCreateQueries.all(), 'invoice', uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<Invoice>('it', invoicePath(uuid), {
          signal,
          headers: { Accept: 'application/json' },
        }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  fixInfo: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceCreateQueries.all(), 'fix-info', uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<{ uuid: string; is_fixable: boolean }>('it', `${invoicePath(uuid)}/fix-info`, {
          signal,
          headers: { Accept: 'application/json' },
        }),
    }),
};
