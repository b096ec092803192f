import { xmlToJson } from './codec/xml-to-json.ts';
import type { Finding } from './findings.ts';
import { readInvoiceText, type InvoiceInputOptions } from './invoice-input.ts';
import type { FatturaElettronica, FatturaElettronicaSemplificata } from './model/index.ts';
import type { Signer } from './p7m/p7m.ts';

export type ParsedInvoice =
  | {
      ok: true;
      format: 'FPA12' | 'FPR12';
      invoice: FatturaElettronica;
      signer?: Signer;
    }
  | {
      ok: true;
      format: 'FSM10';
      invoice: FatturaElettronicaSemplificata;
      signer?: Signer;
    };

export type ParseResult = ParsedInvoice | { ok: false; findings: Finding[] };

/**
 * Reads an invoice: XML text, XML bytes (UTF-8 with or without BOM, ISO-8859-1/windows-1252 as
 * declared) or a signed `.p7m` (DER or base64, signature verified). Returns a result object and
 * never throws: `ok: false` carries 'xml' layer findings (00003 too large, 00106 empty or
 * unreadable, 00102 bad signature, xml-malformed, xml-doctype-forbidden, xml-wrong-root,
 * xml-unknown-version, xml-version-not-supported…). Schema validity is NOT checked here: a file
 * with elements out of order is still read (see `validateInvoice`).
 */
export async function parseInvoice(
  input: string | Uint8Array,
  options: InvoiceInputOptions = {},
): Promise<ParseResult> {
  try {
    const read = await readInvoiceText(input, options);
    if (!read.ok) return read;
    const parsed = xmlToJson(read.text, options);
    if (!parsed.ok) return parsed;
    const signer = read.signer ? { signer: read.signer } : {};
    return parsed.format === 'FSM10'
      ? { ok: true, format: parsed.format, invoice: parsed.invoice, ...signer }
      : { ok: true, format: parsed.format, invoice: parsed.invoice, ...signer };
  } catch (error) {
    return { ok: false, findings: [unexpectedFinding(error)] };
  }
}

/** Last line of defence: a bug of ours becomes a finding, never an exception for the caller. */
export function unexpectedFinding(error: unknown): Finding {
  return {
    layer: 'xml',
    code: 'internal-error',
    propertyPath: '',
    message: `The file could not be processed: ${error instanceof Error ? error.message : String(error)}`,
    messageIt: 'Impossibile elaborare il file',
  };
}
