import type { AnyInvoice, Finding, InvoiceFormat } from '@fiscus/fatturapa';
import { parseInvoice, toXml, validateInvoice } from '@fiscus/fatturapa';
import type { Violation } from '@fiscus/contracts';
import { HttpProblem } from '../../../platform/problem-errors.ts';

/** Which endpoint family received the invoice: standard (FPA12/FPR12) or simplified (FSM10). */
export type InvoiceKind = 'standard' | 'simplified';

/** An invoice accepted by the intake: parsed, validated, with the XML we store and transmit. */
export type AcceptedInvoice = {
  format: InvoiceFormat;
  invoice: AnyInvoice;
  xml: string;
  signed: boolean;
};

/** Upper bound of one invoice file (SDI's own limit is 5 MB per file). */
export const MAX_INVOICE_BYTES = 5 * 1024 * 1024;

/**
 * The body as the route received it: a JSON object (snake_case model), or the bytes of an
 * `application/xml` / `.p7m` body (base64 or DER).
 */
export type InvoiceBody = Buffer | Record<string, unknown> | unknown;

/** Violations as the provider answers them (400 for invoices: the console's bulk logic keys on it). */
export function invalidInvoice(violations: Violation[]): HttpProblem {
  return new HttpProblem(
    400,
    violations
      .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
      .join('\n'),
    violations,
  );
}

function valueAt(root: unknown, path: string): unknown {
  if (!path) return undefined;
  let current: unknown = root;
  for (const part of path.split('.')) {
    const match = /^([^[\]]+)((\[\d+\])*)$/.exec(part);
    if (!match) return undefined;
    current = (current as Record<string, unknown> | undefined)?.[match[1] ?? ''];
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) {
      current = Array.isArray(current) ? current[Number(index[1])] : undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

/** Longest refused value echoed back as propertyContent: a screenful, not a 1 MB field. */
const MAX_PROPERTY_CONTENT = 1000;

/**
 * A finding as an API violation; propertyContent is the offending value when it is a leaf short
 * enough to show.
 */
export function findingToViolation(finding: Finding, invoice: unknown): Violation {
  const content = valueAt(invoice, finding.propertyPath);
  return {
    propertyPath: finding.propertyPath,
    message: finding.message,
    code: finding.code,
    ...(finding.messageKey ? { messageKey: finding.messageKey } : {}),
    ...(finding.params ? { parameters: finding.params } : {}),
    ...(finding.messages ? { messages: finding.messages } : {}),
    ...(typeof content === 'string' && content.length <= MAX_PROPERTY_CONTENT
      ? { propertyContent: content }
      : {}),
  };
}

function formatAllowed(kind: InvoiceKind, format: InvoiceFormat): boolean {
  return kind === 'simplified' ? format === 'FSM10' : format !== 'FSM10';
}

function wrongKind(kind: InvoiceKind, format: string): HttpProblem {
  const expected = kind === 'simplified' ? 'FSM10' : 'FPA12 or FPR12';
  return invalidInvoice([
    {
      propertyPath: 'fattura_elettronica_header.dati_trasmissione.formato_trasmissione',
      propertyContent: format,
      message: `This endpoint accepts ${expected} invoices; use /invoices${kind === 'simplified' ? '' : '/simplified'} for ${format}.`,
      code: 'invalid_choice',
    },
  ]);
}

/**
 * Reads and validates an invoice the way POST /invoices does: the XML safety, schema and SDI's
 * file-only content checks (layers xml, schema, sdi without registries). SDI's registry checks
 * (duplicates 00404, recipient codes, taxpayers) are left to the SDI sandbox, which answers them
 * with a rejection notification as the real SDI does. The field layer (check digits while the
 * user types) is not applied: SDI judges identifiers against its registry, and the official
 * samples' placeholder numbers would fail it. Throws a 400 problem with violations.
 */
export async function acceptInvoice(
  body: InvoiceBody,
  kind: InvoiceKind,
): Promise<AcceptedInvoice> {
  const sdi = { checkIdentifierDigits: false };
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new TextEncoder().encode(body);
    const parsed = await parseInvoice(bytes, { maxBytes: MAX_INVOICE_BYTES });
    if (!parsed.ok)
      throw invalidInvoice(parsed.findings.map((f) => findingToViolation(f, undefined)));
    if (!formatAllowed(kind, parsed.format)) throw wrongKind(kind, parsed.format);
    const result = await validateInvoice(bytes, {
      maxBytes: MAX_INVOICE_BYTES,
      layers: ['schema', 'sdi'],
      sdi,
    });
    if (!result.valid)
      throw invalidInvoice(result.findings.map((f) => findingToViolation(f, parsed.invoice)));
    // The stored XML is the signed file's content: what SDI reads and what the renderers need.
    const xml = toXml(parsed.invoice, parsed.format);
    return {
      format: parsed.format,
      invoice: parsed.invoice,
      xml,
      signed: parsed.signer !== undefined,
    };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidInvoice([
      {
        propertyPath: '',
        message: 'The body must be an invoice JSON object or an XML file.',
        code: 'invalid_type',
      },
    ]);
  }
  const json = body as Record<string, unknown>;
  const declared = (
    (json.fattura_elettronica_header as Record<string, unknown> | undefined)?.dati_trasmissione as
      Record<string, unknown> | undefined
  )?.formato_trasmissione;
  const format: InvoiceFormat =
    declared === 'FPA12' || declared === 'FPR12' || declared === 'FSM10'
      ? declared
      : kind === 'simplified'
        ? 'FSM10'
        : 'FPR12';
  if (typeof declared === 'string' && declared !== format) {
    throw invalidInvoice([
      {
        propertyPath: 'fattura_elettronica_header.dati_trasmissione.formato_trasmissione',
        propertyContent: declared,
        message: 'Expected FPA12, FPR12 or FSM10.',
        code: 'invalid_choice',
      },
    ]);
  }
  if (!formatAllowed(kind, format)) throw wrongKind(kind, format);
  const invoice = json as unknown as AnyInvoice;
  const result = await validateInvoice(invoice, { format, layers: ['schema', 'sdi'], sdi });
  if (!result.valid) throw invalidInvoice(result.findings.map((f) => findingToViolation(f, json)));
  const xml = toXml(invoice, format);
  if (Buffer.byteLength(xml) > MAX_INVOICE_BYTES) {
    throw invalidInvoice([
      { propertyPath: '', message: 'The invoice is larger than 5 MB.', code: '00003' },
    ]);
  }
  // Re-read our own XML so the stored payload holds only schema keys, in the model's shape.
  const reread = await parseInvoice(xml);
  if (!reread.ok) throw invalidInvoice(reread.findings.map((f) => findingToViolation(f, json)));
  return { format, invoice: reread.invoice, xml, signed: false };
}
