/**
 * The business rules of Peppol release 2026.5 (and AGID's Italian rules) as a TypeScript engine:
 * `runRuleSet(id, document)` reports what Saxon-HE running the official XSLT reports.
 */
import type { XDocument, XNode } from '../tree/node.ts';
import { compileRuleSet, runCompiled, type CompiledRuleSet } from './engine.ts';
import { RULE_SETS, RULE_SET_IDS, RELEASE, type GeneratedRuleSetId } from './generated/index.ts';

export type RuleSetId = GeneratedRuleSetId;
export { RULE_SET_IDS, RELEASE };

export interface RuleFinding {
  id: string;
  flag: 'fatal' | 'warning' | string;
  message: string;
  /** Exactly as the SVRL's location attribute of the official XSLT. */
  location: string;
  node: XNode;
  kind: 'assert' | 'report';
}

export interface RuleSetResult {
  findings: RuleFinding[];
  /** A dynamic error that makes Saxon abort the whole transformation. */
  error?: { code: string; message: string };
}

const compiled = new Map<RuleSetId, CompiledRuleSet>();

/** The compiled rule set (compiled once, on first use). */
export function ruleSet(id: RuleSetId): CompiledRuleSet {
  let set = compiled.get(id);
  if (!set) {
    const source = RULE_SETS[id];
    if (!source) throw new Error(`unknown rule set ${String(id)}`);
    set = compileRuleSet(source);
    compiled.set(id, set);
  }
  return set;
}

export function runRuleSet(id: RuleSetId, document: XDocument): RuleSetResult {
  return runCompiled(ruleSet(id), document);
}
