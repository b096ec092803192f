import type { Invoice } from '@fiscus/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { InvoiceFormVariant, InvoicePayload, InvoiceSource } from '../../it-invoice-form';
import { draftPath } from './draft-queries';

/** A draft's content: the guided form's payload or raw JSON/XML from the source editor. */
export type DraftBody =
  | { kind: 'payload'; variant: InvoiceFormVariant; payload: InvoicePayload }
  | { kind: 'source'; source: InvoiceSource };

export function variantOfBody(body: DraftBody): InvoiceFormVariant {
  if (body.kind === 'payload') return body.variant;
  return body.source.type === 'simplified' ? 'simplified' : 'standard';
}

function encode(body: DraftBody): { body: string; contentType: string } {
  if (body.kind === 'payload') {
    return { body: JSON.stringify(body.payload), contentType: 'application/json' };
  }
  return {
    body: body.source.content,
    contentType: body.source.format === 'xml' ? 'application/xml' : 'application/json',
  };
}

const draftsBase = (variant: InvoiceFormVariant) =>
  variant === 'simplified' ? '/invoices/simplified/draft' : '/invoices/draft';

/** `POST /invoices/draft` (or simplified); 'block invoice sent' becomes `X-Draft-Blocked`. */
export function createDraft(body: DraftBody, blocked: boolean) {
  const { body: content, contentType } = encode(body);
  return apiFetch<{ uuid: string }>('it', draftsBase(variantOfBody(body)), {
    method: 'POST',
    body: content,
    headers: { 'Content-Type': contentType, 'X-Draft-Blocked': blocked ? 'true' : 'false' },
  });
}

/** `PUT` of the draft's content; `blocked`, when given, sets or lifts 'block invoice sent'. */
export function updateDraft(uuid: string, body: DraftBody, blocked?: boolean) {
  const { body: content, contentType } = encode(body);
  return apiFetch('it', `${draftsBase(variantOfBody(body))}/${encodeURIComponent(uuid)}`, {
    method: 'PUT',
    body: content,
    headers: {
      'Content-Type': contentType,
      ...(blocked === undefined ? {} : { 'X-Draft-Blocked': blocked ? 'true' : 'false' }),
    },
  });
}

/** Lifts 'block invoice sent' of a stored draft: its stored content saved back unblocked. */
export async function unblockDraft(uuid: string) {
  const draft = await apiFetch<Invoice>('it', draftPath(uuid), {
    headers: { Accept: 'application/json' },
  });
  const type = draft.transmission_format === 'FSM10' ? 'simplified' : 'simple';
  return updateDraft(
    uuid,
    { kind: 'source', source: { format: 'json', type, content: draft.payload } },
    false,
  );
}

/** Sends a stored draft to SDI; a blocked draft answers 409 'draft send error blocked'. */
export function sendDraft(uuid: string) {
  return apiFetch<{ uuid: string }>('it', `${draftPath(uuid)}/send`, { method: 'POST' });
}

export function deleteDraft(uuid: string) {
  return apiFetch('it', draftPath(uuid), { method: 'DELETE' });
}
