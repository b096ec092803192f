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

/**
 * The attachments of an invoice payload (a JSON string), in the order the API numbers them:
 * every body's allegati one after the other.
 */
export function invoiceAttachments(payload: string): InvoiceAttachment[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  const bodies = (parsed as { fattura_elettronica_body?: unknown }).fattura_elettronica_body;
  if (!Array.isArray(bodies)) return [];
  const all = bodies.flatMap((body: unknown) => {
    const list = (body as { allegati?: unknown } | null)?.allegati;
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  });
  return all.map((entry, index) => {
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
