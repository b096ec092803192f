/**
 * The differential corpus: every official test file and example under ../shared/spec/peppol,
 * each with the rule sets of its transaction. Nothing is skipped silently: `skipped` lists each
 * (file, rule set) pair that is not run, with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { TRANSACTIONS, transactionOf } from '../../src/transaction.ts';
import { hasReference } from './reference.ts';

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

/**
 * The rule sets of a document by its root and CustomizationID (the engine's transaction table):
 * those with a Saxon reference (official XSLT, or AGID's .sch compiled by our emitter) are run,
 * any other is listed as not run. Both members of an alternative (AGID-PEPPOL-Txx, else
 * PEPPOLBIS-Txx, for NSO documents) are run.
 */
export function ruleSetsOf(
  root: string,
  customizationId: string,
): { ruleSets: string[]; unofficial: string[] } {
  const transaction = transactionOf(root, customizationId);
  const definition = TRANSACTIONS.find((candidate) => candidate.id === transaction);
  const all = (definition?.ruleSets ?? []).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : [...entry],
  );
  return {
    ruleSets: all.filter((ruleSet) => hasReference(ruleSet)),
    unofficial: all.filter((ruleSet) => !hasReference(ruleSet)),
  };
}

/**
 * Every .xml file under `directory`, sorted. Names are read as bytes: two AGID examples have
 * names that are not UTF-8, and a decoded name would not open.
 */
/**
 * The corpus has no NSO document (AGID's Italian ordering): each order, order response, order
 * agreement and despatch advice is also run as one, its CustomizationID extended to the NSO one.
 */
function nsoVariants(original: CorpusFile): CorpusFile[] {
  return TRANSACTIONS.filter(
    (t) =>
      t.id.startsWith('nso-') &&
      t.roots.includes(original.root) &&
      t.customizationId.startsWith(`${original.customizationId}:`),
  ).flatMap((transaction) => {
    const open = original.xml.indexOf('<cbc:CustomizationID>');
    const close = original.xml.indexOf('</cbc:CustomizationID>', open);
    if (open < 0 || close < 0) return [];
    const xml =
      original.xml.slice(0, open + '<cbc:CustomizationID>'.length) +
      transaction.customizationId +
      original.xml.slice(close);
    const { ruleSets } = ruleSetsOf(original.root, transaction.customizationId);
    return [
      {
        file: `${original.file} (as ${transaction.id})`,
        xml,
        root: original.root,
        customizationId: transaction.customizationId,
        ruleSets,
      },
    ];
  });
}

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
        skipped.push({ file, ruleSet, reason: 'no Saxon reference (no XSLT, no known .sch)' });
      }
      files.push({ file, xml, root, customizationId, ruleSets });
      files.push(...nsoVariants({ file, xml, root, customizationId, ruleSets }));
    }
  }
  return { files, skipped };
}
