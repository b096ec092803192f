import { declaredFormat, jsonToXml, type JsonShapeProblem } from './codec/json-to-xml.ts';
import { classifyRoot, readRootElement, rootElementName } from './codec/root-element.ts';
import { checkXmlSafety } from './codec/xml-safety.ts';
import { invoiceFromRoot, readInvoiceXml } from './codec/xml-to-json.ts';
import { stripBom } from './codec/xml-text.ts';
import { runFieldChecks } from './checks/field/index.ts';
import { runSdiChecks } from './checks/sdi/index.ts';
import type { Finding, FindingLayer } from './findings.ts';
import {
  openSignedInvoice,
  readUnsignedInvoiceText,
  type InvoiceInputOptions,
} from './invoice-input.ts';
import type { AnyInvoice, InvoiceFormat } from './model/index.ts';
import { unexpectedFinding } from './parse.ts';
import type { Signer } from './p7m/p7m.ts';
import { validateAgainstSchema, validateSchemaOfText } from './schema/xsd-validation.ts';

type SdiCheckOptions = Parameters<typeof runSdiChecks>[1];

export interface ValidateOptions extends InvoiceInputOptions {
  /** Format of a JSON invoice; default: its `formato_trasmissione` (FPR12 when absent). */
  format?: InvoiceFormat;
  /**
   * Context for SDI's checks: reception date, SDI state for the checks that need registries
   * (duplicates, recipient codes…: not applied unless given), file name and size.
   */
  sdi?: Omit<SdiCheckOptions, 'format'>;
  /** Layers to run after 'xml' (default all: schema, sdi, field). */
  layers?: readonly Exclude<FindingLayer, 'xml'>[];
  /**
   * SDI rejects a file at the first failing stage, so by default SDI and field checks only run
   * on a schema-valid invoice. The console sets this to see every problem at once.
   */
  continueAfterSchemaErrors?: boolean;
}

export interface ValidationResult {
  /** True when no layer found anything. */
  valid: boolean;
  format?: InvoiceFormat;
  findings: Finding[];
  /** The invoice as read (when the XML could be read), to spare the caller a second parse. */
  invoice?: AnyInvoice;
  signer?: Signer;
}

const ALL_LAYERS: readonly Exclude<FindingLayer, 'xml'>[] = ['schema', 'sdi', 'field'];

function shapeFinding(problem: JsonShapeProblem): Finding {
  return {
    layer: 'schema',
    code: '00200',
    propertyPath: problem.propertyPath,
    message: problem.message,
    messageIt: `File non conforme al formato: ${problem.message}`,
  };
}

function runContentLayers(
  invoice: AnyInvoice,
  format: InvoiceFormat,
  options: ValidateOptions,
  layers: readonly FindingLayer[],
): Finding[] {
  const findings: Finding[] = [];
  if (layers.includes('sdi')) findings.push(...runSdiChecks(invoice, { ...options.sdi, format }));
  if (layers.includes('field')) findings.push(...runFieldChecks(invoice, format));
  return findings;
}

function result(
  findings: Finding[],
  extra: { format?: InvoiceFormat; invoice?: AnyInvoice; signer?: Signer } = {},
): ValidationResult {
  return { valid: findings.length === 0, ...extra, findings };
}

/**
 * Validates an invoice in layers, in SDI's order: 'xml' (safety, well-formedness, root and
 * version), 'schema' (official XSD 1.2.3 / VFSM10), 'sdi' (SDI's content checks 00xxx) and
 * 'field' (check digits and code lists). Accepts XML text, file bytes (.xml or .p7m) or a JSON
 * invoice. Each finding has a code, the snake_case JSON path of the field and a message.
 * Never throws.
 */
export async function validateInvoice(
  input: string | Uint8Array | AnyInvoice,
  options: ValidateOptions = {},
): Promise<ValidationResult> {
  try {
    const layers = options.layers ?? ALL_LAYERS;
    if (typeof input === 'string' || input instanceof Uint8Array) {
      return await validateXml(input, options, layers);
    }
    return validateJson(input, options, layers);
  } catch (error) {
    return result([unexpectedFinding(error)]);
  }
}

async function validateXml(
  input: string | Uint8Array,
  options: ValidateOptions,
  layers: readonly FindingLayer[],
): Promise<ValidationResult> {
  // Synchronous unless the file is signed: the bytes are not held across an await.
  const unsigned = readUnsignedInvoiceText(input, options);
  const read = 'signed' in unsigned ? await openSignedInvoice(unsigned.signed) : unsigned;
  if (!read.ok) return result(read.findings);
  const signer = read.signer ? { signer: read.signer } : {};
  const safety = checkXmlSafety(read.text, options);
  if (safety.length > 0) return result(safety, signer);
  const root = classifyRoot(readRootElement(read.text));
  if (!root.ok) return result([root.finding], signer);
  const format = root.format;
  const findings: Finding[] = [];
  let tree: Record<string, unknown> | undefined;
  if (layers.includes('schema')) {
    // libxml2 parses the document (well-formedness) and validates it in one pass; the model is
    // read from that same parse when it can be.
    const schema = validateSchemaOfText(read.text, format, {
      ...(read.utf8 ? { utf8: read.utf8 } : {}),
      treeRoot: rootElementName(format),
    });
    if (!schema.wellFormed) return result(schema.findings, { format, ...signer });
    findings.push(...schema.findings);
    tree = schema.tree;
  }
  // The text is safe and its root known: read it into the model without checking them again.
  const parsed = tree ? invoiceFromRoot(tree, root) : readInvoiceXml(stripBom(read.text), root);
  if (!parsed.ok) return result([...findings, ...parsed.findings], { format, ...signer });
  const invoice = parsed.invoice;
  if (findings.length === 0 || options.continueAfterSchemaErrors) {
    const sdi = options.sdi ?? {};
    const fileSize = sdi.fileSize ?? read.size;
    findings.push(
      ...runContentLayers(invoice, format, { ...options, sdi: { ...sdi, fileSize } }, layers),
    );
  }
  return result(findings, { format, invoice, ...signer });
}

function validateJson(
  invoice: AnyInvoice,
  options: ValidateOptions,
  layers: readonly FindingLayer[],
): ValidationResult {
  const format = options.format ?? declaredFormat(invoice);
  const findings: Finding[] = [];
  if (layers.includes('schema')) {
    const problems: JsonShapeProblem[] = [];
    const xml = jsonToXml(invoice, format, { problems });
    findings.push(...problems.map(shapeFinding));
    findings.push(...validateAgainstSchema(xml, format).findings);
  }
  if (findings.length === 0 || options.continueAfterSchemaErrors) {
    findings.push(...runContentLayers(invoice, format, options, layers));
  }
  return result(findings, { format, invoice });
}
