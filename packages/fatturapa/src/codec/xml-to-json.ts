import type { Finding } from '../findings.ts';
import type { FatturaElettronica, FatturaElettronicaSemplificata } from '../model/index.ts';
import { ROOT_TYPE, typesOf } from './descriptor.ts';
import { classifyRoot, readRootElement, type RootCheck } from './root-element.ts';
import { readXml, XmlSyntaxError } from './xml-reader.ts';
import { checkXmlSafety, type XmlSafetyOptions } from './xml-safety.ts';
import { stripBom } from './xml-text.ts';

export type XmlToJsonResult =
  | { ok: true; format: 'FSM10'; invoice: FatturaElettronicaSemplificata }
  | { ok: true; format: 'FPA12' | 'FPR12'; invoice: FatturaElettronica }
  | { ok: false; findings: Finding[] };

export interface XmlToJsonOptions extends XmlSafetyOptions {
  /** The caller has already run `checkXmlSafety` on this text (validation does it first). */
  safetyChecked?: boolean;
}

function malformed(error: unknown): Finding {
  if (error instanceof XmlSyntaxError) {
    return {
      layer: 'xml',
      code: 'xml-malformed',
      propertyPath: '',
      message: `Malformed XML at line ${error.line}, column ${error.column}: ${error.message}`,
      messageIt: `XML non ben formato alla riga ${error.line}, colonna ${error.column}`,
    };
  }
  return {
    layer: 'xml',
    code: 'xml-malformed',
    propertyPath: '',
    message: `Malformed XML: ${error instanceof Error ? error.message : String(error)}`,
    messageIt: 'XML non ben formato',
  };
}

/**
 * Reads FatturaPA XML (ordinary or simplified, any namespace prefix style) into the snake_case
 * JSON model. Never throws: unsafe, malformed or non-invoice input gives `ok: false` with 'xml'
 * layer findings. Schema validity is not checked (elements out of order are still read).
 */
export function xmlToJson(xml: string, options: XmlToJsonOptions = {}): XmlToJsonResult {
  const text = stripBom(xml);
  const safety = options.safetyChecked ? [] : checkXmlSafety(text, options);
  if (safety.length > 0) return { ok: false, findings: safety };
  const root = classifyRoot(readRootElement(text));
  if (!root.ok) return { ok: false, findings: [root.finding] };
  return readInvoiceXml(text, root);
}

/**
 * `xmlToJson` after its checks: `text` is safe (`checkXmlSafety`), without BOM, and `root` is
 * its classified root element (validation has both already).
 */
export function readInvoiceXml(text: string, root: RootCheck & { ok: true }): XmlToJsonResult {
  let invoice: Record<string, unknown>;
  try {
    invoice = readXml(text, typesOf(root.format), ROOT_TYPE).root;
  } catch (error) {
    return { ok: false, findings: [malformed(error)] };
  }
  return invoiceFromRoot(invoice, root);
}

/**
 * The invoice from its root element converted with the descriptors (by `readXml`, or from
 * libxml2's tree by `readLibxml2Tree`); `root` is the classified root element.
 */
export function invoiceFromRoot(
  invoice: Record<string, unknown>,
  root: RootCheck & { ok: true },
): XmlToJsonResult {
  // The enveloped XAdES signature (ds:Signature) is not invoice data (see the model's notes).
  delete invoice.signature;
  // The model always has a body array, even when an invalid file has none.
  invoice.fattura_elettronica_body ??= [];
  if (root.format !== 'FSM10' && root.sistemaEmittente !== undefined) {
    invoice.sistema_emittente = root.sistemaEmittente;
  }
  return root.format === 'FSM10'
    ? {
        ok: true,
        format: root.format,
        invoice: invoice as unknown as FatturaElettronicaSemplificata,
      }
    : { ok: true, format: root.format, invoice: invoice as unknown as FatturaElettronica };
}
