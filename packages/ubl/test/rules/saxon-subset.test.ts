/**
 * The rule engine against Saxon-HE running the official XSLT, on the official files as they are
 * (billing test files, BIS Billing 3 examples and snippets for CEN + Peppol; the ordering test
 * files for each of their rule sets): the same ordered (id, flag, location) list per document.
 * The differential test (test/differential) adds thousands of mutated documents.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runRuleSet, type RuleSetId } from '../../src/rules/index.ts';
import { parseUbl } from '../../src/xml/parse.ts';
import { peppolSpec } from '../differential/corpus.ts';
import { checkSaxonInstalled, runSaxon, type SaxonDocument } from '../differential/saxon.ts';

function xmlFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.xml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const release = path.join(peppolSpec, 'release-2026.5/test-files');
const billing = [
  ...xmlFiles(path.join(release, 'billing')),
  ...xmlFiles(path.join(peppolSpec, 'bis-billing-3/examples')),
  ...xmlFiles(path.join(peppolSpec, 'bis-billing-3/snippets')),
];
const ordering = xmlFiles(release).filter(
  (file) => !file.includes(`${path.sep}billing${path.sep}`),
);

const SETS: Array<{ ruleSet: RuleSetId; files: string[] }> = [
  { ruleSet: 'CEN-EN16931-UBL', files: billing },
  { ruleSet: 'PEPPOL-EN16931-UBL', files: billing },
  ...(
    [
      'PEPPOLBIS-T01',
      'PEPPOLBIS-T16',
      'PEPPOLBIS-T19',
      'PEPPOLBIS-T58',
      'PEPPOLBIS-T71',
      'PEPPOLBIS-T76',
      'PEPPOLBIS-T77',
      'PEPPOLBIS-T110',
      'PEPPOLBIS-T111',
      'PEPPOLBIS-T114',
      'PEPPOLBIS-T115',
      'PEPPOLBIS-T116',
    ] as const
  ).map((ruleSet) => ({
    ruleSet,
    files: ordering,
  })),
];

const summary = (findings: Array<{ id: string; flag: string; location: string }>): string[] =>
  findings.map(({ id, flag, location }) => `${id} ${flag} ${location}`);

describe('rule engine = Saxon-HE on the official files', () => {
  beforeAll(async () => {
    await checkSaxonInstalled();
  });

  for (const { ruleSet, files } of SETS) {
    it(`${ruleSet} (${files.length} files)`, async () => {
      expect(files.length).toBeGreaterThan(5);
      const documents: SaxonDocument[] = files.map((file, i) => ({
        name: `doc${i}`,
        xml: readFileSync(file, 'utf8'),
      }));
      const saxon = await runSaxon(ruleSet, documents);
      const differences: string[] = [];
      documents.forEach((document, i) => {
        const reference = saxon.get(document.name)!;
        const parsed = parseUbl(document.xml);
        const ours = runRuleSet(ruleSet, parsed.document!);
        const a = ours.error ? `error ${ours.error.code}` : summary(ours.findings).join('\n');
        const b = reference.error
          ? `error ${reference.error.code}`
          : summary(reference.findings).join('\n');
        if (a !== b) differences.push(`${files[i]}\n ours:\n${a}\n Saxon:\n${b}`);
      });
      expect(differences).toEqual([]);
    }, 120_000);
  }
});
