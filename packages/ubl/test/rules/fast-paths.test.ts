/**
 * The engine's shortcuts (name index read backwards, preceding:: from the index, absolute paths
 * computed once per run, boolean predicates, normalize-space and name() tests, predicates
 * remembered per node, rules chosen by the path of names) give the answers XPath defines, also
 * in the corner cases the shortcuts could get wrong.
 */
import { describe, expect, it } from 'vitest';
import { compileRuleSet, runCompiled, type RuleSetSource } from '../../src/rules/engine.ts';
import { readXml } from '../../src/schematron/xml.ts';

const NS = { a: 'urn:a' };

function compile(tests: string[], context = '/a:Root', extra: Partial<RuleSetSource> = {}) {
  return compileRuleSet({
    id: 'test',
    ns: NS,
    lets: [],
    functions: [],
    keys: [],
    patterns: [
      {
        lets: [],
        rules: [
          {
            context,
            lets: [],
            checks: tests.map((test, i) => ({
              kind: 'report' as const,
              id: `T${i}`,
              flag: 'fatal',
              test,
              message: [test],
            })),
          },
        ],
      },
    ],
    ...extra,
  });
}

/** The tests (by text) that are true on the document's context nodes. */
function trueTests(tests: string[], xml: string, context?: string): string[] {
  const result = runCompiled(compile(tests, context), readXml(xml));
  expect(result.error).toBeUndefined();
  return result.findings.map((finding) => finding.message);
}

// The root has many children (the backwards walk's case); a:C sits two levels deep only under a:X.
const lines = Array.from({ length: 80 }, (_, i) => `<a:L n="${i}"/>`).join('');
const DOC = `<a:Root xmlns:a="urn:a"><a:X><a:B><a:C/></a:B></a:X><a:Y><a:Z><a:B><a:D/></a:B></a:Z></a:Y>${lines}<a:P>1</a:P><a:Q><a:P>2</a:P></a:Q><a:P>1</a:P><a:Name>\t</a:Name><a:Amt>5</a:Amt></a:Root>`;

describe('rule engine shortcuts', () => {
  it('child paths from the root exist only at the depth they spell', () => {
    const tests = [
      'exists(a:X/a:B/a:C)',
      'exists(a:Y/a:B/a:D)',
      'exists(a:Y/a:Z/a:B/a:D)',
      'exists((a:Y|a:X)/a:B/a:C)',
      'not((a:Y|a:Q)/a:B/a:C)',
      'exists(a:X/a:B/a:Missing)',
    ];
    expect(trueTests(tests, DOC)).toEqual([
      'exists(a:X/a:B/a:C)',
      'exists(a:Y/a:Z/a:B/a:D)',
      'exists((a:Y|a:X)/a:B/a:C)',
      'not((a:Y|a:Q)/a:B/a:C)',
    ]);
  });

  it('preceding:: leaves out ancestors and counts repeated values once', () => {
    const tests = [
      'count(//a:P[not(preceding::a:P/. = .)]) = 2',
      'count(//a:P[preceding::a:Q]) = 1',
      'count(//a:P[following::a:Name]) = 3',
      'count(//a:B[preceding::a:X]) = 1',
    ];
    expect(trueTests(tests, DOC)).toEqual(tests);
  });

  it('normalize-space and name() tests as booleans', () => {
    const tests = [
      "normalize-space(a:Name) != ''",
      "normalize-space(a:Name) = ''",
      "normalize-space(a:Amt) != ''",
      "count(//*[ends-with(name(), 'mt')]) = 1",
      "count(//*[ends-with(name(), 'a:Amt')]) = 1",
      "count(//*[ends-with(local-name(), 'Amt')]) = 1",
      'count(//*[not(*) and not(normalize-space())]) = 83',
    ];
    expect(trueTests(tests, DOC)).toEqual([
      "normalize-space(a:Name) = ''",
      "normalize-space(a:Amt) != ''",
      "count(//*[ends-with(name(), 'mt')]) = 1",
      "count(//*[ends-with(name(), 'a:Amt')]) = 1",
      "count(//*[ends-with(local-name(), 'Amt')]) = 1",
      'count(//*[not(*) and not(normalize-space())]) = 83',
    ]);
  });

  it('an absolute path computed once per run is not carried to the next document', () => {
    const set = compile(["//a:P = '1'", 'count(/a:Root/a:P) = 2'], '/a:Root');
    const one = runCompiled(set, readXml(DOC));
    const other = runCompiled(set, readXml('<a:Root xmlns:a="urn:a"><a:P>3</a:P></a:Root>'));
    expect(one.findings.map((f) => f.message)).toEqual(["//a:P = '1'", 'count(/a:Root/a:P) = 2']);
    expect(other.findings).toEqual([]);
  });

  it('contains() against a long constant list answers per value', () => {
    const list = ` ${Array.from({ length: 40 }, (_, i) => `C${i}`).join(' ')} `;
    const tests = [`contains('${list}', concat(' ', @n, ' '))`];
    const found = runCompiled(
      compile(tests, 'a:L'),
      readXml(
        `<a:Root xmlns:a="urn:a"><a:L n="C3"/><a:L n="C99"/><a:L n="C3 C4"/><a:L n="C39"/></a:Root>`,
      ),
    ).findings.map((f) => f.location);
    expect(found).toEqual([
      "/*:Root[namespace-uri()='urn:a'][1]/*:L[namespace-uri()='urn:a'][1]",
      "/*:Root[namespace-uri()='urn:a'][1]/*:L[namespace-uri()='urn:a'][3]",
      "/*:Root[namespace-uri()='urn:a'][1]/*:L[namespace-uri()='urn:a'][4]",
    ]);
  });

  it("an xsl:function's result of the wrong count is XTTE0780, as Saxon reports it", () => {
    const set = compile(['u:f() = 1'], '/a:Root', {
      ns: { ...NS, u: 'urn:u' },
      functions: [
        {
          name: 'u:f',
          params: [],
          as: 'xs:integer',
          body: [{ op: 'sequence', select: '()' }],
        },
      ],
    });
    expect(runCompiled(set, readXml(DOC)).error?.code).toBe('XTTE0780');
  });

  it("an xsl:function's parameters keep a value of their type and convert the others", () => {
    const tests = [
      'u:decimal(3) instance of xs:integer',
      'u:decimal(3.5) instance of xs:decimal',
      'u:decimal(/a:Root/a:Amt) instance of xs:integer',
      'u:decimal(/a:Root/a:Amt) = 5',
      'u:double(2) instance of xs:double',
      'u:double(2.5) instance of xs:double',
      'u:double(2.5e0) = 2.5',
      'u:string(/a:Root/a:Amt) instance of xs:string',
      "u:string('x') = 'x'",
      'u:any(3) instance of xs:integer',
    ];
    const identity = (name: string, as?: string) => ({
      name,
      params: [{ name: 'v', ...(as ? { as } : {}) }],
      body: [{ op: 'sequence' as const, select: '$v' }],
    });
    const set = compile(tests, '/a:Root', {
      ns: { ...NS, u: 'urn:u' },
      functions: [
        identity('u:decimal', 'xs:decimal'),
        identity('u:double', 'xs:double'),
        identity('u:string', 'xs:string'),
        identity('u:any'),
      ],
    });
    const result = runCompiled(set, readXml(DOC));
    expect(result.error).toBeUndefined();
    // An untyped value is cast to xs:decimal (not xs:integer); an integer is promoted to xs:double.
    expect(result.findings.map((f) => f.message)).toEqual(tests.filter((_, i) => i !== 2));
    // A double is not an xs:decimal: XPTY0004, as Saxon raises it.
    const wrong = compile(['u:decimal(2.5e0) = 2.5'], '/a:Root', {
      ns: { ...NS, u: 'urn:u' },
      functions: [identity('u:decimal', 'xs:decimal')],
    });
    expect(runCompiled(wrong, readXml(DOC)).error?.code).toBe('XPTY0004');
  });

  it('predicates spelled in several places each keep their own answer per node', () => {
    const one = "a:P[normalize-space(.) = '1']";
    const two = "a:P[normalize-space(.) = '2']";
    const numeric = 'a:P[normalize-space(.) = 1]';
    const tests = [
      `count(//${one}) = 2`,
      `count(//${two}) = 1`,
      `count(/a:Root/${one}) = 2`,
      `count(/a:Root/${two}) = 0`,
      `count(//a:Q/${two}) = 1`,
      `count(//${numeric}) = 0`,
    ];
    // normalize-space(.) = 1 compares a string with a number: an error, as Saxon raises it.
    expect(runCompiled(compile(tests.slice(0, 5)), readXml(DOC)).findings.map((f) => f.id)).toEqual(
      ['T0', 'T1', 'T2', 'T3', 'T4'],
    );
    expect(runCompiled(compile(tests), readXml(DOC)).error?.code).toBe('XPTY0004');
    // The next document's nodes get their own answers.
    const other = '<a:Root xmlns:a="urn:a"><a:P>2</a:P><a:Q><a:P>1</a:P></a:Q></a:Root>';
    expect(
      runCompiled(compile(tests.slice(0, 5)), readXml(other)).findings.map((f) => f.id),
    ).toEqual(['T1']);
  });
  it('a sum spelled twice in a check is computed once per binding, focus and document', () => {
    const values = '<a:V r="1">1.10</a:V><a:V r="2">2.20</a:V><a:V r="1">3.30</a:V>';
    const doc = `<a:Root xmlns:a="urn:a">${values}</a:Root>`;
    const perRate =
      'every $r in (1, 2) satisfies sum(//a:V[@r = $r]) > 0 and ' +
      'sum(//a:V[@r = $r]) = (if ($r = 1) then 4.40 else 2.20)';
    const perNode =
      'sum(../a:V[@r = current()/@r]) > 0 and ' +
      "sum(../a:V[@r = current()/@r]) = (if (@r = '1') then 4.40 else 2.20)";
    // The same filtered path inside a predicate (each a:V its focus) and outside it.
    const perFocus = 'count(../a:V[count(a:V[@r]) = 0]) = 3 and count(../a:V[@r]) = 3';
    expect(trueTests([perRate, perNode, perFocus, 'false()'], doc, '/a:Root/a:V')).toEqual([
      ...[perRate, perNode, perFocus],
      ...[perRate, perNode, perFocus],
      ...[perRate, perNode, perFocus],
    ]);
    const set = compile(['sum(a:V) = 6.6 and sum(a:V) > 6.5', 'sum(a:V) = 3 and sum(a:V) = 3']);
    const run = (xml: string) => runCompiled(set, readXml(xml)).findings.map((f) => f.id);
    expect(run(doc)).toEqual(['T0']);
    expect(run('<a:Root xmlns:a="urn:a"><a:V>1</a:V><a:V>2</a:V></a:Root>')).toEqual(['T1']);
  });
  it('predicates remembered per node of a large document (by document order) keep each answer', () => {
    // 3,000 a:P (6,000 nodes with their texts): the answers are kept in an array by order.
    const values = Array.from({ length: 3000 }, (_, i) => (i % 3 === 1 ? '1' : `${i}`));
    const doc = `<a:Root xmlns:a="urn:a">${values.map((v, i) => `<a:P n="${i}">${v}</a:P>`).join('')}</a:Root>`;
    const tests = [
      "count(//a:P[. = '1']) = 1000",
      "count(/a:Root/a:P[. = '1']) = 1000",
      "(/a:Root/a:P[. = '1'])[1]/@n = '1' and (//a:P[. = '1'])[last()]/@n = '2998'",
      "count(/a:Root/a:P[. = '1']/following-sibling::a:P[1][. = '1']) = 0",
      "every $p in /a:Root/a:P[. = '1'] satisfies $p/@n mod 3 = 1",
    ];
    expect(trueTests(tests, doc)).toEqual(tests);
  });
  it('exists() of a filtered path stops at the first node that passes, positional ones aside', () => {
    const doc =
      '<a:Root xmlns:a="urn:a"><a:V r="1">1.10</a:V><a:V r="2">2.20</a:V><a:V r="1">3.30</a:V></a:Root>';
    const tests = [
      "exists(//a:V[@r = '2'][. > 2])",
      "exists(//a:V[@r = '2'][. > 3])",
      "empty(//a:V[@r = '1'][. = 3.30])",
      "not(exists(/a:Root/a:V[@r = '3']))",
      "exists(//a:V[2][@r = '1'])",
      "exists(//a:V[@r = '1'][2])",
      "exists(//a:V[last()][@r = '1'])",
      "exists(//a:V[@r = '1'][position() = 3])",
    ];
    expect(trueTests(tests, doc)).toEqual([tests[0], tests[3], tests[5], tests[6]]);
  });
  it("an absolute path filtered by normalize-space(.) = 'code' reads the groups of its nodes", () => {
    // The string values of the a:C are ' AE ', 'AE', 'A E', '\nAE\t', 'AE' (mixed content), ''.
    const doc =
      '<a:Root xmlns:a="urn:a"><a:Q><a:C> AE </a:C><a:C>AE</a:C></a:Q><a:C>A E</a:C>' +
      '<a:Q><a:C>\nAE\t</a:C><a:C>A<a:X>E</a:X></a:C><a:C/></a:Q></a:Root>';
    // Each grouped form (`@` → '') agrees with the general form (`@` → ' and true()').
    const pairs: Array<[string, string]> = [
      ["count(//a:C[normalize-space(.) = 'AE'@])", '4'],
      ["count(//a:C['A E' = normalize-space()@])", '1'],
      ["count(/a:Root/a:Q/a:C[normalize-space(.) = ''@])", '1'],
      ["count(//a:C[normalize-space(.) = ' AE'@])", '0'],
      ["(//a:C[normalize-space(.) = 'AE'@])[3]/../a:C[1] is (//a:Q)[2]/a:C[1]", 'true'],
      ["exists(//a:Q/a:C[normalize-space(.) = 'A E'@])", 'false'],
      ["not(//a:C[normalize-space() = 'AE'@])", 'false'],
    ];
    const tests = pairs.flatMap(([test, value]) =>
      ['', ' and true()'].map((rest) => `string(${test.replace('@', rest)}) = '${value}'`),
    );
    expect(new Set(tests).size).toBe(pairs.length * 2);
    expect(trueTests(tests, doc)).toEqual(tests);
  });
  it('global code lists are kept across runs, globals that read the document are not', () => {
    const set = compile(['$codes = @v', '$first = @v', "$marked = concat(@v, '!')"], '/a:Root', {
      lets: [
        { name: 'codes', value: "tokenize('A B C', ' ')" },
        { name: 'first', value: 'string(/*/@v)' },
        // No path of its own, but a global that reads the document: it reads the document too.
        { name: 'marked', value: "concat($first, '!')" },
      ],
    });
    const run = (v: string) =>
      runCompiled(set, readXml(`<a:Root xmlns:a="urn:a" v="${v}"/>`)).findings.map((f) => f.id);
    expect(run('B')).toEqual(['T0', 'T1', 'T2']);
    expect(run('D')).toEqual(['T1', 'T2']);
    expect(run('C')).toEqual(['T0', 'T1', 'T2']);
  });
});

/** A rule set of one pattern whose rules (context, report id) report every node they match. */
function patternOf(rules: Array<[context: string, id: string]>) {
  return compileRuleSet({
    id: 'paths',
    ns: NS,
    lets: [],
    functions: [],
    keys: [],
    patterns: [
      {
        lets: [],
        rules: rules.map(([context, id]) => ({
          context,
          lets: [],
          checks: [{ kind: 'report' as const, id, flag: 'fatal', test: 'true()', message: [id] }],
        })),
      },
    ],
  });
}

function fired(set: ReturnType<typeof patternOf>, xml: string): string[] {
  return runCompiled(set, readXml(xml)).findings.map((f) => `${f.id} ${f.location}`);
}

describe('rules chosen by the path of names', () => {
  const set = patternOf([
    ['a:X/a:B[a:C]', 'XB-with-C'],
    ['a:X/a:B', 'XB'],
    ['a:Z/a:B | a:Q/a:B', 'ZB-or-QB'],
    ['a:B', 'any-B'],
    ['//a:C', 'C'],
    ['/a:Root/a:B/@n', 'root-B-n'],
    ['@n', 'n'],
  ]);
  const at = (path: string): string =>
    path
      .split('/')
      .map((step) =>
        step.startsWith('@') ? step : `*:${step.replace(/\[/, "[namespace-uri()='urn:a'][")}`,
      )
      .join('/');

  it('the first rule of the pattern that matches wins, the same name at other paths included', () => {
    const xml =
      '<a:Root xmlns:a="urn:a"><a:X><a:B><a:C/></a:B><a:B/></a:X><a:Y><a:Z><a:B/></a:Z></a:Y><a:B n="1"/><a:Q><a:B n="2"/></a:Q></a:Root>';
    expect(fired(set, xml)).toEqual([
      `XB-with-C /${at('Root[1]/X[1]/B[1]')}`,
      `C /${at('Root[1]/X[1]/B[1]/C[1]')}`,
      `XB /${at('Root[1]/X[1]/B[2]')}`,
      `ZB-or-QB /${at('Root[1]/Y[1]/Z[1]/B[1]')}`,
      `any-B /${at('Root[1]/B[1]')}`,
      `root-B-n /${at('Root[1]/B[1]')}/@n`,
      `ZB-or-QB /${at('Root[1]/Q[1]/B[1]')}`,
      `n /${at('Root[1]/Q[1]/B[1]')}/@n`,
    ]);
  });

  it('paths met in one document do not decide for the next', () => {
    const first = '<a:Root xmlns:a="urn:a"><a:X><a:B/></a:X></a:Root>';
    const second = '<a:X xmlns:a="urn:a"><a:B><a:C/></a:B></a:X>';
    expect(fired(set, first)).toEqual([`XB /${at('Root[1]/X[1]/B[1]')}`]);
    // a:X is the root element here: a:X/a:B still matches, the predicate decides per node.
    expect(fired(set, second)).toEqual([
      `XB-with-C /${at('X[1]/B[1]')}`,
      `C /${at('X[1]/B[1]/C[1]')}`,
    ]);
  });
});
