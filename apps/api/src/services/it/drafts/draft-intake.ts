import type { AnyInvoice, InvoiceFormat } from '@fiscus/fatturapa';
import { parseInvoice, toXml } from '@fiscus/fatturapa';
import type { AcceptedInvoice, InvoiceBody, InvoiceKind } from '../invoices/invoice-intake.ts';
import {
  findingToViolation,
  invalidInvoice,
  MAX_INVOICE_BYTES,
} from '../invoices/invoice-intake.ts';

/**
 * Reads a draft: it must be a readable invoice (XML that parses, or a JSON object), but unlike
 * POST /invoices it may still be incomplete or schema-invalid: full validation runs on send.
 */
export async function readDraft(body: InvoiceBody, kind: InvoiceKind): Promise<AcceptedInvoice> {
  let xml: string | Uint8Array;
  if (Buffer.isBuffer(body)) xml = new Uint8Array(body);
  else if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const json = body as Record<string, unknown>;
    const declared = (
      (json.fattura_elettronica_header as Record<string, unknown> | undefined)
        ?.dati_trasmissione as Record<string, unknown> | undefined
    )?.formato_trasmissione;
    const format: InvoiceFormat =
      kind === 'simplified' ? 'FSM10' : declared === 'FPA12' ? 'FPA12' : 'FPR12';
    xml = toXml(json as unknown as AnyInvoice, format);
  } else {
    throw invalidInvoice([
      {
        propertyPath: '',
        message: 'The body must be an invoice JSON object or an XML file.',
        code: 'invalid_type',
      },
    ]);
  }
  const parsed = await parseInvoice(xml, { maxBytes: MAX_INVOICE_BYTES });
  if (!parsed.ok) throw invalidInvoice(parsed.findings.map((f) => findingToViolation(f, body)));
  if ((kind === 'simplified') !== (parsed.format === 'FSM10')) {
    throw invalidInvoice([
      {
        propertyPath: 'fattura_elettronica_header.dati_trasmissione.formato_trasmissione',
        propertyContent: parsed.format,
        message:
          kind === 'simplified'
            ? 'A simplified draft must be FSM10.'
            : 'A standard draft must be FPA12 or FPR12.',
        code: 'invalid_choice',
      },
    ]);
  }
  return {
    format: parsed.format,
    invoice: parsed.invoice,
    xml: toXml(parsed.invoice, parsed.format),
    signed: parsed.signer !== undefined,
  };
}
