/**
 * The differential corpus: every official test file and example under ../shared/spec/peppol,
 * each with the rule sets of its transaction. Nothing is skipped silently: `skipped` lists each
 * (file, rule set) pair that is not run, with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { hasXslt } from './saxon.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const peppolSpec = path.resolve(repoRoot, '../shared/spec/peppol');

/** The folders of the corpus, relative to the spec folder. */
export const corpusFolders = [
  'release-2026.5/test-files',
  'bis-billing-3/examples',
  'bis-billing-3/snippets',
  'bis-billing-3/national-examples',
  'poacc-upgrade-3/examples',
  'release-2026.5/italy/AGID-Peppol-Esempi-Fattura-3-2026-08-03',
];

export interface CorpusFile {
  /** Path relative to the spec folder. */
  file: string;
  xml: string;
  root: string;
  customizationId: string;
  /** Rule sets run by both engines. */
  ruleSets: string[];
}

export interface Skipped {
  file: string;
  ruleSet: string;
  reason: string;
}

const billing = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const selfBilling =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0';
const agidBilling = `${billing}#conformant#urn:www.agid.gov.it:trns:fattura:3`;
const poacc = 'urn:fdc:peppol.eu:poacc:trns:';

/**
 * Root + CustomizationID → rule sets, as the official validation artefacts pair them (release
 * README). AGID's own rule sets have no official XSLT, so they are listed as skipped for Saxon.
 */
export function ruleSetsOf(
  root: string,
  customizationId: string,
): { ruleSets: string[]; unofficial: string[] } {
  const invoiceLike = root === 'Invoice' || root === 'CreditNote';
  if (invoiceLike && customizationId === billing) {
    return { ruleSets: ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'], unofficial: [] };
  }
  if (invoiceLike && customizationId === agidBilling) {
    return {
      ruleSets: ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'],
      unofficial: ['AGID-EN16931-CIUS-UBL'],
    };
  }
  if (invoiceLike && customizationId === selfBilling) {
    return { ruleSets: ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL-SB'], unofficial: [] };
  }
  const byTransaction: Record<string, string> = {
    'Order|order:3': 'PEPPOLBIS-T01',
    'DespatchAdvice|despatch_advice:3': 'PEPPOLBIS-T16',
    'Catalogue|catalogue:3': 'PEPPOLBIS-T19',
    'ApplicationResponse|catalogue_response:3': 'PEPPOLBIS-T58',
    'ApplicationResponse|mlr:3': 'PEPPOLBIS-T71',
    'OrderResponse|order_response:3': 'PEPPOLBIS-T76',
    'Catalogue|punch_out:3': 'PEPPOLBIS-T77',
    'OrderResponse|order_agreement:3': 'PEPPOLBIS-T110',
    'ApplicationResponse|invoice_response:3': 'PEPPOLBIS-T111',
    'OrderChange|order_change:3': 'PEPPOLBIS-T114',
    'OrderCancellation|order_cancellation:3': 'PEPPOLBIS-T115',
    'OrderResponse|order_response_advanced:3': 'PEPPOLBIS-T116',
  };
  const ruleSet = customizationId.startsWith(poacc)
    ? byTransaction[`${root}|${customizationId.slice(poacc.length)}`]
    : undefined;
  return { ruleSets: ruleSet ? [ruleSet] : [], unofficial: [] };
}

/**
 * Every .xml file under `directory`, sorted. Names are read as bytes: two AGID examples have
 * names that are not UTF-8, and a decoded name would not open.
 */
function listXml(directory: Buffer): Buffer[] {
  return readdirSync(directory, { encoding: 'buffer', withFileTypes: true })
    .flatMap((entry) => {
      const full = Buffer.concat([directory, Buffer.from('/'), entry.name]);
      if (entry.isDirectory()) return listXml(full);
      return entry.name.toString('latin1').toLowerCase().endsWith('.xml') ? [full] : [];
    })
    .sort(Buffer.compare);
}

/** The text of the first element named `local` (any prefix), or ''. Enough for the corpus. */
function firstElementText(xml: string, local: string): string {
  for (const open of [`<cbc:${local}>`, `<${local}>`]) {
    const start = xml.indexOf(open);
    if (start >= 0) {
      const end = xml.indexOf('<', start + open.length);
      return xml.slice(start + open.length, end).trim();
    }
  }
  return '';
}

function rootName(xml: string): string {
  let at = 0;
  for (;;) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) return '';
    const next = xml[lt + 1];
    if (next !== '?' && next !== '!') {
      let end = lt + 1;
      while (end < xml.length && !/[\s/>]/.test(xml[end]!)) end++;
      const name = xml.slice(lt + 1, end);
      return name.slice(name.indexOf(':') + 1);
    }
    at = lt + 1;
  }
}

export function loadCorpus(): { files: CorpusFile[]; skipped: Skipped[] } {
  const files: CorpusFile[] = [];
  const skipped: Skipped[] = [];
  for (const folder of corpusFolders) {
    for (const full of listXml(Buffer.from(path.join(peppolSpec, folder)))) {
      // Shown (not opened) by this name: bytes that are not UTF-8 print as U+FFFD.
      const file = path.relative(peppolSpec, full.toString('utf8'));
      const xml = readFileSync(full, 'utf8');
      const root = rootName(xml);
      const customizationId = firstElementText(xml, 'CustomizationID');
      const { ruleSets, unofficial } = ruleSetsOf(root, customizationId);
      if (ruleSets.length === 0) {
        skipped.push({
          file,
          ruleSet: '-',
          reason: `no rule set for root ${root} and CustomizationID ${customizationId}`,
        });
        continue;
      }
      for (const ruleSet of unofficial) {
        skipped.push({ file, ruleSet, reason: 'AGID publishes no XSLT (no Saxon reference)' });
      }
      for (const ruleSet of ruleSets) {
        if (!hasXslt(ruleSet)) throw new Error(`missing official XSLT ${ruleSet}`);
      }
      files.push({ file, xml, root, customizationId, ruleSets });
    }
  }
  return { files, skipped };
}
