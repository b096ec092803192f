/**
 * The rule engine's skeleton semantics (what the ISO skeleton's XSLT does on Saxon-HE): traversal
 * order with attributes, first matching rule per pattern, locations, lazy lets, pattern errors as
 * non-matches, dynamic errors aborting the run.
 */
import { describe, expect, it } from 'vitest';
import { compileRuleSet, runCompiled, type RuleSetSource } from '../../src/rules/engine.ts';
import { readXml } from '../../src/schematron/xml.ts';

const NS = { a: 'urn:a', b: 'urn:b' };

function run(patterns: RuleSetSource['patterns'], xml: string, extra: Partial<RuleSetSource> = {}) {
  const source: RuleSetSource = {
    id: 'test',
    ns: NS,
    lets: [],
    functions: [],
    keys: [],
    patterns,
    ...extra,
  };
  return runCompiled(compileRuleSet(source), readXml(xml));
}

const report = (id: string, test = 'true()') => ({
  kind: 'report' as const,
  id,
  flag: 'fatal',
  test,
  message: [`[${id}]`],
});
const assert = (id: string, test: string) => ({
  kind: 'assert' as const,
  id,
  flag: 'warning',
  test,
  message: [`[${id}]`],
});

const DOC = `<a:Root xmlns:a="urn:a" xmlns:b="urn:b" x="1" b:y="2"><a:Item n="1"/><plain/><a:Item n="2"><a:Item n="3"/></a:Item></a:Root>`;

describe('rule engine', () => {
  it('visits the document in document order, attributes before child elements', () => {
    const result = run(
      [{ lets: [], rules: [{ context: '@* | *', lets: [], checks: [report('R')] }] }],
      DOC,
    );
    expect(result.findings.map((f) => f.location)).toEqual([
      "/*:Root[namespace-uri()='urn:a'][1]",
      "/*:Root[namespace-uri()='urn:a'][1]/@x",
      "/*:Root[namespace-uri()='urn:a'][1]/@*[local-name()='y' and namespace-uri()='urn:b']",
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][1]",
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][1]/@n",
      "/*:Root[namespace-uri()='urn:a'][1]/plain[1]",
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][2]",
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][2]/@n",
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][2]/*:Item[namespace-uri()='urn:a'][1]",
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][2]/*:Item[namespace-uri()='urn:a'][1]/@n",
    ]);
  });

  it('fires only the first matching rule of a pattern per node, each pattern on its own', () => {
    const result = run(
      [
        {
          lets: [],
          rules: [
            { context: "a:Item[@n = '2']", lets: [], checks: [report('FIRST')] },
            { context: 'a:Item', lets: [], checks: [report('SECOND')] },
          ],
        },
        { lets: [], rules: [{ context: 'a:Item//a:Item', lets: [], checks: [report('NESTED')] }] },
      ],
      DOC,
    );
    expect(result.findings.map((f) => f.id)).toEqual(['SECOND', 'FIRST', 'SECOND', 'NESTED']);
  });

  it('evaluates asserts and reports in order with their flags and messages', () => {
    const result = run(
      [
        {
          lets: [],
          rules: [
            {
              context: '/a:Root',
              lets: [],
              checks: [
                assert('A1', 'count(a:Item) = 3'),
                report('R1', 'count(a:Item) = 2'),
                assert('A2', '@x = 1'),
              ],
            },
          ],
        },
      ],
      DOC,
    );
    expect(result.findings.map((f) => [f.id, f.flag, f.kind, f.message])).toEqual([
      ['A1', 'warning', 'assert', '[A1]'],
      ['R1', 'fatal', 'report', '[R1]'],
    ]);
  });

  it('never evaluates an unused let, so its error does not abort', () => {
    const result = run(
      [
        {
          lets: [],
          rules: [
            {
              context: '/a:Root',
              lets: [{ name: 'bad', value: "xs:decimal('abc')" }],
              checks: [report('R')],
            },
          ],
        },
      ],
      DOC,
    );
    expect(result.error).toBeUndefined();
    expect(result.findings.map((f) => f.id)).toEqual(['R']);
  });

  it('aborts with the XPath error code when a test raises a dynamic error', () => {
    const result = run(
      [
        {
          lets: [],
          rules: [
            {
              context: 'a:Item',
              lets: [{ name: 'v', value: 'xs:decimal(@n) + xs:decimal(../@x)' }],
              checks: [report('OK'), assert('BAD', "xs:decimal(concat('x', $v)) > 0")],
            },
          ],
        },
      ],
      DOC,
    );
    expect(result.error?.code).toBe('FORG0001');
    expect(result.findings.map((f) => f.id)).toEqual(['OK']);
  });

  it('treats an error while matching a rule context as a non-match', () => {
    const result = run(
      [
        {
          lets: [],
          rules: [
            { context: 'a:Root[normalize-space(a:Item/@n) = 1]', lets: [], checks: [report('R')] },
          ],
        },
      ],
      DOC,
    );
    expect(result).toEqual({ findings: [] });
  });

  it('reads global lets (schema and pattern level) lazily from the document node', () => {
    const result = run(
      [
        {
          lets: [{ name: 'items', value: 'count(//a:Item)' }],
          rules: [
            { context: '/a:Root', lets: [], checks: [assert('COUNT', '$items = $expected')] },
          ],
        },
      ],
      DOC,
      {
        lets: [
          { name: 'expected', value: '4' },
          { name: 'unused', value: "xs:integer('x')" },
        ],
      },
    );
    expect(result.findings.map((f) => f.id)).toEqual(['COUNT']);
  });

  it('matches positional predicates among the siblings the step selects', () => {
    const result = run(
      [{ lets: [], rules: [{ context: 'a:Item[2]', lets: [], checks: [report('SECOND')] }] }],
      DOC,
    );
    expect(result.findings.map((f) => f.location)).toEqual([
      "/*:Root[namespace-uri()='urn:a'][1]/*:Item[namespace-uri()='urn:a'][2]",
    ]);
  });

  it('calls xsl:functions with their parameter types and keys', () => {
    const result = run(
      [
        {
          lets: [],
          rules: [
            {
              context: '/a:Root',
              lets: [],
              checks: [
                assert('DOUBLE', 'u:double(@x) = 3'),
                assert('KEY', "count(key('items', '2')) = 1"),
              ],
            },
          ],
        },
      ],
      DOC,
      {
        ns: { ...NS, u: 'utils' },
        functions: [
          {
            name: 'u:double',
            as: 'xs:decimal',
            params: [{ name: 'v', as: 'xs:decimal' }],
            body: [{ op: 'sequence', select: '$v * 2' }],
          },
        ],
        keys: [{ name: 'items', match: 'a:Item', use: '@n' }],
      },
    );
    expect(result.findings.map((f) => f.id)).toEqual(['DOUBLE']);
  });
});
