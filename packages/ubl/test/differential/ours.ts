/**
 * Our side of the differential test: the document parsed by parseUbl (the one tree of every
 * layer) and one rule set run by runRuleSet (the generated TypeScript rule engine).
 */
import { parseUbl } from '../../src/xml/parse.ts';
import type { OurEngine } from './differential.ts';

interface RuleEngine {
  runRuleSet: (
    id: string,
    document: NonNullable<ReturnType<typeof parseUbl>['document']>,
  ) => {
    findings: { id: string; flag: string; location: string; message: string }[];
    error?: { code: string; message: string };
  };
}

/**
 * Loads the rule engine. Imported by path at run time so that the harness typechecks and runs
 * (Saxon side) before src/rules exists; a missing engine is a clear failure, never a skip.
 */
export async function loadOurEngine(): Promise<OurEngine> {
  const modulePath = '../../src/rules/index.ts';
  let rules: RuleEngine;
  try {
    rules = (await import(/* @vite-ignore */ modulePath)) as RuleEngine;
  } catch (error) {
    throw new Error(
      `the rule engine (src/rules/index.ts, runRuleSet) cannot be loaded: ${String(error)}`,
    );
  }
  if (typeof rules.runRuleSet !== 'function') {
    throw new Error('src/rules/index.ts does not export runRuleSet');
  }
  return (ruleSet, xml) => {
    const { document, findings } = parseUbl(xml);
    if (!document) {
      return {
        findings: [],
        error: { code: 'NOT-PARSED', message: findings.map((f) => f.message).join('; ') },
      };
    }
    const result = rules.runRuleSet(ruleSet, document);
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
}
