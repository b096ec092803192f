/**
 * The differential proof of the rule engine: on every official test file and example of the
 * release and on thousands of seeded mutations of them, runRuleSet gives the same ordered
 * (id, flag, location) findings as Saxon-HE running the official XSLT, and an error exactly
 * when Saxon errs (same code). 100% agreement, no allow-list. AGID's rule sets, published as
 * .sch only, are run by Saxon through the XSLT of sch-to-xslt.ts (see reference.ts). Needs java and Saxon-HE
 * (Debian: libsaxonhe-java, default-jre-headless): without them the test fails, it never skips.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { formatReport, runDifferential, type DifferentialResult } from './differential.ts';
import { ourEngine } from './ours.ts';
import { checkSaxonInstalled } from './saxon.ts';

describe('rule engine against Saxon-HE on the official XSLT of release 2026.5', () => {
  let result: DifferentialResult;

  beforeAll(async () => {
    await checkSaxonInstalled();
    result = await runDifferential(ourEngine, { emitterProof: true });
  }, 600_000);

  it("runs every rule set (AGID's through the emitted XSLT) on at least 5,000 mutated documents", () => {
    const ruleSets = result.tallies.map((t) => t.ruleSet);
    expect(ruleSets).toEqual([
      'AGID-EN16931-CIUS-UBL',
      'AGID-PEPPOL-T01',
      'AGID-PEPPOL-T110',
      'AGID-PEPPOL-T16',
      'AGID-PEPPOL-T76',
      'CEN-EN16931-UBL',
      'PEPPOL-EN16931-UBL',
      'PEPPOL-EN16931-UBL-SB',
      'PEPPOLBIS-T01',
      'PEPPOLBIS-T110',
      'PEPPOLBIS-T111',
      'PEPPOLBIS-T114',
      'PEPPOLBIS-T115',
      'PEPPOLBIS-T116',
      'PEPPOLBIS-T16',
      'PEPPOLBIS-T19',
      'PEPPOLBIS-T58',
      'PEPPOLBIS-T71',
      'PEPPOLBIS-T76',
      'PEPPOLBIS-T77',
    ]);
    expect(result.documents).toBeGreaterThanOrEqual(5000);
    // Every rule set of every corpus document has a Saxon reference: nothing is left out.
    expect(result.skipped).toEqual([]);
  });

  it("compiles each OpenPeppol .sch to an XSLT that Saxon runs exactly like the official one (the proof behind AGID's runs)", () => {
    const proven = result.tallies.filter((t) => t.emitterDisagreeing !== undefined);
    expect(proven.map((t) => t.ruleSet)).toEqual(
      result.tallies.filter((t) => !t.ruleSet.startsWith('AGID-')).map((t) => t.ruleSet),
    );
    const report = formatReport(result, 10);
    expect(
      proven.filter((t) => t.emitterDisagreeing! > 0).map((t) => t.ruleSet),
      `emitted XSLT against the official XSLT:\n${report}`,
    ).toEqual([]);
  });

  it('fires most rules of every rule set (a rule that never fires has an unproven agreement)', () => {
    // The table (docs, agreement, fired/rules per rule set) in the test's output.
    console.log(formatReport(result, 0));
    const low = result.tallies
      .filter((t) => t.firedIds < 0.65 * t.ruleIds)
      .map((t) => `${t.ruleSet} ${t.firedIds}/${t.ruleIds}`);
    expect(low, 'rule sets where Saxon fired under 65% of the rule ids').toEqual([]);
  });

  it('agrees with Saxon on every document of every rule set', () => {
    const report = formatReport(result, 10);
    const ours = result.tallies.filter((t) => t.disagreeing > 0).map((t) => t.ruleSet);
    expect(ours, `disagreements with Saxon-HE:\n${report}`).toEqual([]);
  });
});
