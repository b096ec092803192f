/**
 * Rule coverage of the differential run: the distinct rule ids each rule set can report (its
 * asserts and reports, read from the generated rule sets), against those Saxon fired on the run's
 * documents. A rule that never fires is a rule whose agreement is unproven.
 */
import { RULE_SETS } from '../../src/rules/generated/index.ts';

/**
 * The distinct ids of the asserts and reports of `ruleSet` that can fire ([] for an unknown rule
 * set): an id whose only checks are asserts of `true()` (EN 16931's BR-CO-05 …) never fires.
 */
export function ruleIdsOf(ruleSet: string): string[] {
  const source = (RULE_SETS as Record<string, (typeof RULE_SETS)[keyof typeof RULE_SETS]>)[ruleSet];
  if (!source) return [];
  const ids = new Set<string>();
  for (const pattern of source.patterns) {
    for (const rule of pattern.rules) {
      for (const check of rule.checks) {
        const test = check.test.trim();
        const inert = check.kind === 'report' ? test === 'false()' : test === 'true()';
        if (!inert) ids.add(check.id);
      }
    }
  }
  return [...ids].sort();
}
