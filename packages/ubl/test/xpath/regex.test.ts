/**
 * Every regular expression of the generated rule sets, translated once: each compiles to a JS
 * RegExp, keeps XML Schema semantics, and those that could backtrack super-linearly are flagged
 * (the engine refuses long input for them instead of hanging).
 */
import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../../src/rules/generated/index.ts';
import type { FnInstruction } from '../../src/schematron/read.ts';
import { parseXPath, type Ast } from '../../src/xpath/parser.ts';
import { compileRegex, translateRegex } from '../../src/xpath/regex.ts';
import { evaluateForTest } from './evaluate.ts';

function officialPatterns(): Map<string, string> {
  const patterns = new Map<string, string>();
  for (const [id, source] of Object.entries(RULE_SETS)) {
    const literalLets = new Map<string, string>();
    const expressions: string[] = [];
    const lets = [
      ...source.lets,
      ...source.patterns.flatMap((p) => [...p.lets, ...p.rules.flatMap((r) => r.lets)]),
    ];
    for (const l of lets) if (l.value !== undefined) expressions.push(l.value);
    for (const pattern of source.patterns) {
      for (const rule of pattern.rules) {
        expressions.push(rule.context, ...rule.checks.map((c) => c.test));
      }
    }
    const body = (instructions: FnInstruction[]): void => {
      for (const i of instructions) {
        if ('select' in i && i.select) expressions.push(i.select);
        if ('test' in i) expressions.push(i.test);
        if ('body' in i && i.body) body(i.body);
        if (i.op === 'choose') {
          for (const w of i.whens) {
            expressions.push(w.test);
            body(w.body);
          }
          if (i.otherwise) body(i.otherwise);
        }
      }
    };
    for (const fn of source.functions) body(fn.body);
    const asts = expressions.map((e) =>
      parseXPath(e, { ...source.ns, xs: 'http://www.w3.org/2001/XMLSchema' }),
    );
    for (const l of lets) {
      if (l.value === undefined) continue;
      const ast = parseXPath(l.value, source.ns);
      if (ast.t === 'literal' && typeof ast.value === 'string') literalLets.set(l.name, ast.value);
    }
    const visit = (ast: Ast): void => {
      if (
        ast.t === 'call' &&
        ['matches', 'tokenize', 'replace'].includes(ast.name) &&
        ast.args[1]
      ) {
        const arg = ast.args[1];
        if (arg.t === 'literal' && typeof arg.value === 'string') patterns.set(arg.value, id);
        if (arg.t === 'var' && literalLets.has(arg.name))
          patterns.set(literalLets.get(arg.name)!, id);
      }
      for (const value of Object.values(ast)) {
        if (Array.isArray(value)) {
          for (const v of value) {
            if (Array.isArray(v)) visit(v[1] as Ast);
            else if (v && typeof v === 'object' && 't' in v) visit(v as Ast);
          }
        } else if (value && typeof value === 'object' && 't' in value) visit(value as Ast);
      }
    };
    asts.forEach(visit);
  }
  return patterns;
}

describe('the official regular expressions', () => {
  const patterns = officialPatterns();

  it('are many, and each translates and compiles', () => {
    expect(patterns.size).toBeGreaterThan(40);
    for (const pattern of patterns.keys()) expect(() => compileRegex(pattern, '')).not.toThrow();
  });

  it('flags the ones that could backtrack super-linearly, and only nested quantifiers', () => {
    const flagged = [...patterns.keys()].filter((p) => translateRegex(p).superLinear);
    expect(flagged).toContain('.*([0-9].*){3,}.*');
    for (const pattern of flagged) expect(pattern).toMatch(/\)[*+{]/u);
  });

  it('refuses long input for a super-linear pattern instead of backtracking', () => {
    const long = 'a'.repeat(20_000);
    expect(evaluateForTest(`matches('${long}', '.*([0-9].*){3,}.*')`)).toBe('ERR:FORX0002');
    expect(evaluateForTest(`matches('a1b2c3', '.*([0-9].*){3,}.*')`)).toBe('true');
  });

  it('keeps XML Schema semantics: \\d is any decimal digit, \\s only XML whitespace, anchors on the string', () => {
    expect(evaluateForTest("matches('٣', '^\\d$')")).toBe('true');
    expect(evaluateForTest("matches('\u00a0', '^\\s$')")).toBe('false');
    expect(evaluateForTest("matches('a&#10;b', '^b$')".replace('&#10;', '\n'))).toBe('false');
    expect(evaluateForTest("matches('x', '^[\\p{IsBasicLatin}-[a-w]]$')")).toBe('true');
    expect(evaluateForTest("matches('é', '^\\p{IsBasicLatin}$')")).toBe('false');
  });
});
