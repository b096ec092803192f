/**
 * Our side of the differential test: the document parsed by parseUbl (the one tree of every
 * layer) and one rule set run by runRuleSet (the generated TypeScript rule engine).
 */
import { runRuleSet, type RuleSetId } from '../../src/rules/index.ts';
import { parseUbl } from '../../src/xml/parse.ts';
import type { OurEngine } from './differential.ts';

/** Our engine, in the verdict shape the comparison reads. */
export const ourEngine: OurEngine = (ruleSet, xml) => {
  const { document, findings } = parseUbl(xml);
  if (!document) {
    return {
      findings: [],
      error: { code: 'NOT-PARSED', message: findings.map((f) => f.message).join('; ') },
    };
  }
  const result = runRuleSet(ruleSet as RuleSetId, document);
  return {
    findings: result.findings.map(({ id, flag, location, message }) => ({
      id,
      flag,
      location,
      text: message,
    })),
    ...(result.error ? { error: result.error } : {}),
  };
};
