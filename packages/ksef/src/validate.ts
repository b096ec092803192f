import { FORMS, formOfNamespace, type KsefForm } from './codec/descriptor.ts';
import type { KsefJson } from './codec/ksef-json.ts';
import { libxml2Root, readLibxml2Tree, type TreeView } from './codec/libxml2-tree.ts';
import { xmlTreeToJson } from './codec/xml-to-json.ts';
import { CHECKED_VIEW, runChecks } from './checks/index.ts';
import { makeFinding, refuses, type KsefFinding } from './findings.ts';
import { readNatively, validationLane } from './schema/native-validate.ts';
import { freeQuickly, parseQuickly, validQuickly } from './schema/quick-validate.ts';
import { parseInvoice, validateSchema } from './schema/xsd.ts';
import { checkXmlRules, type AcceptedXml } from './xml/xml-rules.ts';

export interface ValidateKsefOptions {
  /** The day KSeF accepts the invoice, YYYY-MM-DD; default today in Europe/Warsaw. */
  acceptedOn?: string;
  /** The form declared when the session was opened: any other form is refused. */
  requireForm?: 'FA(3)';
}

export interface KsefValidation {
  /** No finding of the layers xml, schema, ksef (advisories do not refuse). */
  valid: boolean;
  form?: KsefForm;
  findings: KsefFinding[];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Europe/Warsaw, YYYY-MM-DD. */
export function todayInWarsaw(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The fast lane for a well-formed invoice of a known form (valid against its XSD when
 * `validate`): its form and the part `view` of its JSON (all of it without a view). Undefined
 * when anything is wrong or unsure: the full path then says what.
 */
function readQuickly(
  accepted: AcceptedXml,
  { validate, requireForm, view }: { validate: boolean; requireForm?: KsefForm; view?: TreeView },
): { json: KsefJson; form: KsefForm } | undefined {
  // Blanks between elements dropped on the validation lane only (quick-validate.ts says why).
  const document = parseQuickly(accepted.bytes, { plain: validate && accepted.plain === true });
  if (document === 0) return undefined;
  try {
    const root = libxml2Root(document);
    const form = root && formOfNamespace(root.namespace);
    if (!root || !form || root.name !== FORMS[form].root) return undefined;
    if (requireForm && form !== requireForm) return undefined;
    if (validate && !validQuickly(document, form)) return undefined;
    const json = readLibxml2Tree(root.root, form, view);
    return json && { json, form };
  } finally {
    freeQuickly(document);
  }
}

/**
 * Reads a KSeF invoice (layer 1 and parse): its JSON and form, or the findings that stop it.
 * Never throws on any input.
 */
export function ksefToJson(input: string | Uint8Array): {
  json?: KsefJson;
  form?: KsefForm;
  findings: KsefFinding[];
} {
  const rules = checkXmlRules(input);
  if (!rules.accepted) return { findings: rules.findings };
  const quick = readQuickly(rules.accepted, { validate: false });
  if (quick) return { ...quick, findings: [] };
  const { parsed, findings } = parseInvoice(rules.accepted.bytes);
  if (!parsed?.form) return { findings };
  try {
    return { json: xmlTreeToJson(parsed.root, parsed.form), form: parsed.form, findings: [] };
  } finally {
    parsed.document.dispose();
  }
}

/**
 * Validates a KSeF invoice in layers: 1. the XML rules KSeF applies, 2. the official XSD of its
 * form, 3. the KSeF checks and the advisories (on a schema-valid invoice). Never throws on any
 * input; throws a TypeError only for an `acceptedOn` that is no YYYY-MM-DD date.
 */
export function validateKsef(
  input: string | Uint8Array,
  options: ValidateKsefOptions = {},
): KsefValidation {
  const acceptedOn = options.acceptedOn ?? todayInWarsaw();
  if (!isoDate.test(acceptedOn)) {
    throw new TypeError(`acceptedOn must be a YYYY-MM-DD date, not ${acceptedOn.slice(0, 30)}`);
  }
  const rules = checkXmlRules(input);
  if (!rules.accepted) return { valid: false, findings: rules.findings };
  // The usual invoice (well-formed, valid) in one go, on the machine's libxml2 when the addon
  // was built, else on libxml2-wasm; the checks see the part they read.
  const quick =
    validationLane() === 'native'
      ? readNatively(rules.accepted, CHECKED_VIEW)
      : readQuickly(rules.accepted, {
          validate: true,
          view: CHECKED_VIEW,
          ...(options.requireForm ? { requireForm: options.requireForm } : {}),
        });
  if (quick && (!options.requireForm || quick.form === options.requireForm)) {
    const findings = runChecks(quick.json, quick.form, acceptedOn);
    return { valid: !findings.some(refuses), form: quick.form, findings };
  }
  const { parsed, findings: parseFindings } = parseInvoice(rules.accepted.bytes);
  if (!parsed?.form) return { valid: false, findings: parseFindings };
  const form = parsed.form;
  try {
    if (options.requireForm && form !== options.requireForm) {
      return {
        valid: false,
        form,
        findings: [
          makeFinding(
            'schema',
            'schema-form-required',
            'Faktura.Naglowek.KodFormularza',
            `The invoice is ${form}: ${options.requireForm} is required`,
            `Faktura ma strukturę ${form}: wymagana jest ${options.requireForm}`,
          ),
        ],
      };
    }
    const schemaFindings = validateSchema(parsed);
    if (schemaFindings.length > 0) return { valid: false, form, findings: schemaFindings };
    const json = xmlTreeToJson(parsed.root, form);
    const findings = runChecks(json, form, acceptedOn);
    return { valid: !findings.some(refuses), form, findings };
  } finally {
    parsed.document.dispose();
  }
}
