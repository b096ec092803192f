/** An attachment (Allegati) as the dialog lists it; `index` is its position for the API. */
export interface InvoiceAttachment {
  index: number;
  name: string;
  format: string;
  description: string;
  /** Decoded size in bytes, estimated from the base64 text. */
  size: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Every body's allegati one after the other, as the API numbers them. */
function rawAttachments(payload: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  const bodies = (parsed as { fattura_elettronica_body?: unknown } | null)
    ?.fattura_elettronica_body;
  if (!Array.isArray(bodies)) return [];
  return bodies.flatMap((body: unknown) => {
    const list = (body as { allegati?: unknown } | null)?.allegati;
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  });
}

/**
 * The attachments of an invoice payload (a JSON string), in the order the API numbers them:
 * every body's allegati one after the other.
 */
export function invoiceAttachments(payload: string): InvoiceAttachment[] {
  return rawAttachments(payload).map((entry, index) => {
    const base64 = text(entry.attachment).replace(/\s+/g, '');
    const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
    return {
      index,
      name: text(entry.nome_attachment) || `attachment-${index}`,
      format: text(entry.formato_attachment),
      description: text(entry.descrizione_attachment),
      size: Math.max(0, Math.floor((base64.length * 3) / 4) - padding),
    };
  });
}

/**
 * An attachment decoded from the payload itself: a draft has no attachment endpoint, and its
 * payload carries the file as base64. The type follows the API's rule (PDF or bytes).
 */
export function attachmentFromPayload(payload: string, index: number): File | null {
  const entry = rawAttachments(payload)[index];
  const base64 = text(entry?.attachment).replace(/\s+/g, '');
  if (!entry || base64 === '') return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const name = text(entry.nome_attachment) || `attachment-${index}`;
  const isPdf = text(entry.formato_attachment).toLowerCase() === 'pdf' || /\.pdf$/i.test(name);
  return new File([bytes], name, { type: isPdf ? 'application/pdf' : 'application/octet-stream' });
}
