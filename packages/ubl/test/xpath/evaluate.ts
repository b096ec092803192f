/** Test helper: evaluates one XPath expression the way the rule engine does. */
import { readXml } from '../../src/schematron/xml.ts';
import { Compiler, Scope, type StaticEnv } from '../../src/xpath/compile.ts';
import { parseXPath } from '../../src/xpath/parser.ts';
import { itemToString, XPathError, type Seq } from '../../src/xpath/values.ts';

const env: StaticEnv = {
  ns: { xs: 'http://www.w3.org/2001/XMLSchema', cbc: 'urn:cbc' },
  global: () => undefined,
  userFunction: () => undefined,
  key: () => undefined,
};

export function evaluateSeq(expression: string, xml = '<a/>'): Seq {
  const document = readXml(xml);
  const scope = Scope.root(env);
  const fn = new Compiler().compile(parseXPath(expression, env.ns), scope);
  return fn({
    item: document,
    pos: 1,
    size: 1,
    env: new Array(scope.frameSize),
    run: { doc: document, globals: [], keys: new Map(), depth: 0 },
    current: document,
  });
}

/** Items as strings joined by '|', or 'ERR:<code>' for a dynamic error. */
export function evaluateForTest(expression: string, xml = '<a/>'): string {
  try {
    return evaluateSeq(expression, xml).map(itemToString).join('|');
  } catch (error) {
    if (error instanceof XPathError) return `ERR:${error.code}`;
    throw error;
  }
}
