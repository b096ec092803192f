import { jsonPathOf } from './codec/json-path.ts';
import { hasFatal, type Finding } from './findings.ts';
import { runRuleSet, type RuleSetId } from './rules/index.ts';
import { forgetNameIndexes } from './xpath/compile.ts';
import { checkXsd, errorNodes, xsdFindings, type XsdCheck } from './schema/xsd.ts';
import { stringValue, type XAttribute, type XElement } from './tree/node.ts';
import { transactionOf, ruleSetsFor, type TransactionId } from './transaction.ts';
import { readNatively } from './xml/native-validate.ts';
import {
  acceptInput,
  parseAccepted,
  readParsed,
  type ParsedUbl,
  type ParseOptions,
} from './xml/parse.ts';
import { rootOf } from './xml/tree-reader.ts';
import { CBC_NS, isUblRoot } from './xml/roots.ts';

export interface UblValidation {
  /** No fatal finding. */
  valid: boolean;
  /** The root element's local name. */
  documentType?: string;
  customizationId?: string;
  profileId?: string;
  transaction?: TransactionId;
  findings: Finding[];
}

function childText(root: XElement, local: string): string | undefined {
  for (const child of root.children) {
    if (child.kind === 'element' && child.local === local && child.ns === CBC_NS) {
      return stringValue(child);
    }
  }
  return undefined;
}

function transactionFinding(root: string, customizationId: string | undefined): Finding {
  return {
    layer: 'rules',
    id: 'UBL-TRANSACTION',
    flag: 'fatal',
    message:
      customizationId === undefined
        ? `The ${root} has no CustomizationID: its Peppol transaction is unknown`
        : `The CustomizationID "${customizationId}" is not a Peppol transaction for the document type ${root} (release 2026.5, AGID CIUS-IT and NSO): an access point refuses it`,
    location: '',
    path: customizationId === undefined ? root : `${root}.CustomizationID`,
  };
}

/** The findings of one rule set over the tree; never throws. */
function runRules(id: RuleSetId, document: Parameters<typeof runRuleSet>[1]): Finding[] {
  let result: ReturnType<typeof runRuleSet>;
  try {
    result = runRuleSet(id, document);
  } catch (error) {
    return [
      {
        layer: 'rules',
        id: 'RULES-ERROR',
        flag: 'fatal',
        message: `${id}: the rules could not run: ${error instanceof Error ? error.message : String(error)}`,
        location: '',
        path: '',
      },
    ];
  }
  const findings: Finding[] = result.findings.map((finding) => ({
    layer: 'rules',
    id: finding.id,
    // Peppol and AGID flag 'fatal' or 'warning'; anything milder counts as a warning.
    flag: finding.flag === 'warning' || finding.flag === 'information' ? 'warning' : 'fatal',
    message: finding.message,
    location: finding.location,
    path: jsonPathOf(finding.node),
  }));
  if (result.error) {
    findings.push({
      layer: 'rules',
      id: 'RULES-ERROR',
      flag: 'fatal',
      message: `${id}: XPath error ${result.error.code}: ${result.error.message.replace(`${result.error.code}: `, '')} (the official XSLT aborts here too; findings before it are listed)`,
      location: '',
      path: '',
    });
  }
  return findings;
}

/**
 * The wasm lane of layers 1 and 2: libxml2-wasm's parse, the XSD on its document, then the tree
 * read once, finding the nodes of the XSD's errors (if any) on the way. `xsd`: the XSD's
 * findings, missing when the document was not parsed or is no UBL document this engine reads.
 */
function readWithXsd(utf8: Uint8Array): ParsedUbl & { xsd?: Finding[] } {
  const raw = parseAccepted(utf8);
  if (raw.pointer === 0) return { findings: raw.findings };
  let parsed: ParsedUbl;
  let check: XsdCheck | undefined;
  const found = new Map<number, XElement | XAttribute>();
  try {
    const [ns, local] = rootOf(raw.pointer) ?? ['', ''];
    check = isUblRoot(ns, local) ? checkXsd(raw.pointer, local) : undefined;
    const wanted = check ? errorNodes(check) : undefined;
    parsed = readParsed(raw, wanted?.size ? { wanted, found } : undefined);
  } finally {
    raw.release();
  }
  return check ? { ...parsed, xsd: xsdFindings(check, found) } : parsed;
}

/**
 * Validates a UBL document in layers over ONE parse: (1) XML safety and well-formedness, (2)
 * the UBL 2.1 XSD of its document type on libxml2's document, (3) the business rules of its
 * transaction (read from CustomizationID) on the tree read from that same document. Layer 1
 * stops everything. The rules run even when the XSD fails, as the official validators do (the
 * Saxon reference runs the XSLT regardless) and as an access point reports both. An unknown
 * CustomizationID is fatal (UBL-TRANSACTION). Never throws for bad input.
 *
 * Layers 1 and 2 have two lanes with the same results: where @fiscus/libxml2-native was built,
 * a document the machine's libxml2 finds valid against its XSD comes with its tree from there
 * (xml/native-validate.ts); anything else (and everything without the addon) takes
 * readWithXsd's lane on libxml2-wasm, which words the findings.
 */
export function validateUbl(input: string | Uint8Array, options: ParseOptions = {}): UblValidation {
  const accepted = acceptInput(input, options);
  if ('findings' in accepted) return { valid: false, findings: accepted.findings };
  const native = readNatively(accepted.utf8);
  const parsed = native ? { document: native, findings: [], xsd: [] } : readWithXsd(accepted.utf8);
  const { document } = parsed;
  const findings = [...parsed.findings];
  const root = document?.root;
  if (!document || !root || hasFatal(findings) || !parsed.xsd) {
    return { valid: false, ...(root ? { documentType: root.local } : {}), findings };
  }
  findings.push(...parsed.xsd);
  const documentType = root.local;
  const customizationId = childText(root, 'CustomizationID');
  const profileId = childText(root, 'ProfileID');
  const transaction =
    customizationId === undefined ? undefined : transactionOf(documentType, customizationId);
  const result: UblValidation = {
    valid: false,
    documentType,
    ...(customizationId !== undefined ? { customizationId } : {}),
    ...(profileId !== undefined ? { profileId } : {}),
    ...(transaction ? { transaction } : {}),
    findings,
  };
  if (!transaction) findings.push(transactionFinding(documentType, customizationId));
  else {
    for (const ruleSet of ruleSetsFor(transaction)) {
      findings.push(...runRules(ruleSet, document));
    }
  }
  // The rule sets shared the tree's name indexes: nothing keeps the tree once this returns.
  forgetNameIndexes(document);
  result.valid = !hasFatal(findings);
  return result;
}
