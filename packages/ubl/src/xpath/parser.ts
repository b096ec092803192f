/**
 * XPath 2.0 parser (the subset the Peppol and AGID schematron rules use, which is most of the
 * language): text → AST. Names are resolved against the schematron's namespace bindings here, so
 * the compiler only sees expanded names.
 */
import { Decimal, XPathError, type AtomicTypeName } from './values.ts';

export type Axis =
  | 'child'
  | 'descendant'
  | 'descendant-or-self'
  | 'self'
  | 'parent'
  | 'ancestor'
  | 'ancestor-or-self'
  | 'attribute'
  | 'following-sibling'
  | 'preceding-sibling'
  | 'following'
  | 'preceding'
  /** Internal (the compiler's rewrite of `//@name`): attributes of the node and its descendants. */
  | 'descendant-attribute';

export type NodeTest =
  | { k: 'name'; ns: string; local: string }
  | { k: 'any' }
  | { k: 'anyLocal'; ns: string }
  | { k: 'anyNs'; local: string }
  | { k: 'node' }
  | { k: 'text' }
  | { k: 'document' }
  | { k: 'element'; name?: { ns: string; local: string } }
  | { k: 'attribute'; name?: { ns: string; local: string } };

export type CompareKind = 'general' | 'value' | 'node';

export type Ast =
  | { t: 'literal'; value: string | bigint | number | Decimal }
  | { t: 'var'; name: string }
  | { t: 'context' }
  | { t: 'call'; name: string; args: Ast[] }
  | { t: 'seq'; items: Ast[] }
  | { t: 'or' | 'and'; l: Ast; r: Ast }
  | { t: 'compare'; kind: CompareKind; op: string; l: Ast; r: Ast }
  | { t: 'arith'; op: '+' | '-' | '*' | 'div' | 'idiv' | 'mod'; l: Ast; r: Ast }
  | { t: 'neg'; e: Ast }
  | { t: 'range'; l: Ast; r: Ast }
  | { t: 'union' | 'intersect' | 'except'; l: Ast; r: Ast }
  | { t: 'if'; c: Ast; a: Ast; b: Ast }
  | { t: 'for' | 'some' | 'every'; bindings: Array<[string, Ast]>; body: Ast }
  | { t: 'cast' | 'castable'; e: Ast; type: AtomicTypeName; optional: boolean }
  | { t: 'instance'; e: Ast; type: SequenceType }
  | { t: 'root' }
  | { t: 'path'; steps: Ast[] }
  | { t: 'step'; axis: Axis; test: NodeTest; preds: Ast[] }
  | { t: 'filter'; e: Ast; preds: Ast[] };

export interface SequenceType {
  item: { atomic: AtomicTypeName } | { test: NodeTest } | { any: true } | { empty: true };
  occurrence: '' | '?' | '*' | '+';
}

export const FN_NS = 'http://www.w3.org/2005/xpath-functions';
export const XS_NS = 'http://www.w3.org/2001/XMLSchema';

type Token = { type: 'num' | 'str' | 'name' | 'var' | 'op' | 'eof'; value: string; pos: number };

const isNameStart = (c: string): boolean =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c > '\u00bf';
const isNameChar = (c: string): boolean =>
  isNameStart(c) || (c >= '0' && c <= '9') || c === '-' || c === '.' || c === '\u00b7';
const isDigitChar = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  const readNcName = (): string => {
    const start = i;
    while (i < n && isNameChar(text[i]!)) i++;
    return text.slice(start, i);
  };
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '(' && text[i + 1] === ':') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (text[i] === '(' && text[i + 1] === ':') {
          depth++;
          i += 2;
        } else if (text[i] === ':' && text[i + 1] === ')') {
          depth--;
          i += 2;
        } else i++;
      }
      continue;
    }
    const pos = i;
    if (isDigitChar(c) || (c === '.' && isDigitChar(text[i + 1]))) {
      while (i < n && isDigitChar(text[i])) i++;
      if (text[i] === '.') {
        i++;
        while (i < n && isDigitChar(text[i])) i++;
      }
      if (text[i] === 'e' || text[i] === 'E') {
        let j = i + 1;
        if (text[j] === '+' || text[j] === '-') j++;
        if (isDigitChar(text[j])) {
          i = j;
          while (i < n && isDigitChar(text[i])) i++;
        }
      }
      tokens.push({ type: 'num', value: text.slice(pos, i), pos });
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= n) throw new XPathError('XPST0003', `unterminated string literal at ${pos}`);
        if (text[i] === c) {
          if (text[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push({ type: 'str', value, pos });
      continue;
    }
    if (c === '$') {
      i++;
      while (text[i] === ' ') i++;
      let name = readNcName();
      if (text[i] === ':' && isNameStart(text[i + 1] ?? '')) {
        i++;
        name += ':' + readNcName();
      }
      tokens.push({ type: 'var', value: name, pos });
      continue;
    }
    if (isNameStart(c)) {
      let name = readNcName();
      if (text[i] === ':' && text[i + 1] !== ':') {
        if (text[i + 1] === '*') {
          name += ':*';
          i += 2;
        } else if (isNameStart(text[i + 1] ?? '')) {
          i++;
          name += ':' + readNcName();
        }
      }
      tokens.push({ type: 'name', value: name, pos });
      continue;
    }
    if (c === '*' && text[i + 1] === ':' && isNameStart(text[i + 2] ?? '')) {
      i += 2;
      tokens.push({ type: 'name', value: '*:' + readNcName(), pos });
      continue;
    }
    const two = text.slice(i, i + 2);
    if (['//', '::', '!=', '<=', '>=', '<<', '>>', '..'].includes(two)) {
      tokens.push({ type: 'op', value: two, pos });
      i += 2;
      continue;
    }
    if ('/()[],@|+-*=<>.?'.includes(c)) {
      tokens.push({ type: 'op', value: c, pos });
      i++;
      continue;
    }
    throw new XPathError('XPST0003', `unexpected character '${c}' at ${pos}`);
  }
  tokens.push({ type: 'eof', value: '', pos: n });
  return tokens;
}

const AXES = new Set<string>([
  'child',
  'descendant',
  'descendant-or-self',
  'self',
  'parent',
  'ancestor',
  'ancestor-or-self',
  'attribute',
  'following-sibling',
  'preceding-sibling',
  'following',
  'preceding',
]);
const KIND_TESTS = new Set([
  'node',
  'text',
  'element',
  'attribute',
  'document-node',
  'comment',
  'processing-instruction',
  'item',
  'empty-sequence',
  'schema-element',
  'schema-attribute',
]);
const GENERAL_OPS: Record<string, string> = {
  '=': 'eq',
  '!=': 'ne',
  '<': 'lt',
  '<=': 'le',
  '>': 'gt',
  '>=': 'ge',
};
const VALUE_OPS = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);
const ATOMIC_TYPES: Record<string, AtomicTypeName> = {
  string: 'string',
  integer: 'integer',
  decimal: 'decimal',
  double: 'double',
  boolean: 'boolean',
  date: 'date',
  untypedAtomic: 'untypedAtomic',
  anyAtomicType: 'untypedAtomic',
  normalizedString: 'string',
  token: 'string',
};

/** Namespace bindings: prefix → URI. */
export type Namespaces = Readonly<Record<string, string>>;

class Parser {
  private tokens: Token[];
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly ns: Namespaces,
  ) {
    this.tokens = tokenize(text);
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    return this.tokens[this.i++]!;
  }
  private isOp(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'op' && token.value === value;
  }
  private isName(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'name' && token.value === value;
  }
  private expectOp(value: string): void {
    if (!this.isOp(value)) this.fail(`expected '${value}'`);
    this.i++;
  }
  private expectName(value: string): void {
    if (!this.isName(value)) this.fail(`expected '${value}'`);
    this.i++;
  }
  private fail(message: string): never {
    const token = this.peek();
    throw new XPathError('XPST0003', `${message} at ${token.pos} in: ${this.text.slice(0, 200)}`);
  }

  parseAll(): Ast {
    const ast = this.expr();
    if (this.peek().type !== 'eof') this.fail(`unexpected '${this.peek().value}'`);
    return ast;
  }

  resolveName(qname: string, useDefaultFn = false): { ns: string; local: string } {
    const colon = qname.indexOf(':');
    if (colon < 0) return { ns: useDefaultFn ? FN_NS : '', local: qname };
    const prefix = qname.slice(0, colon);
    const uri =
      prefix === 'fn'
        ? FN_NS
        : (prefix === 'xs' || prefix === 'xsd') && this.ns[prefix] === undefined // AGID uses xsd undeclared
          ? XS_NS
          : this.ns[prefix];
    if (uri === undefined)
      throw new XPathError('XPST0081', `namespace prefix '${prefix}' is not declared`);
    return { ns: uri, local: qname.slice(colon + 1) };
  }

  private expr(): Ast {
    const first = this.exprSingle();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.i++;
      items.push(this.exprSingle());
    }
    return { t: 'seq', items };
  }

  private exprSingle(): Ast {
    const token = this.peek();
    if (
      token.type === 'name' &&
      this.peek(1).type === 'var' &&
      (token.value === 'for' || token.value === 'some' || token.value === 'every')
    ) {
      this.i++;
      const bindings: Array<[string, Ast]> = [];
      for (;;) {
        const variable = this.next();
        if (variable.type !== 'var') this.fail('expected a variable');
        this.expectName('in');
        bindings.push([variable.value, this.exprSingle()]);
        if (!this.isOp(',')) break;
        this.i++;
      }
      this.expectName(token.value === 'for' ? 'return' : 'satisfies');
      const body = this.exprSingle();
      return { t: token.value as 'for' | 'some' | 'every', bindings, body };
    }
    if (token.type === 'name' && token.value === 'if' && this.isOp('(', 1)) {
      this.i += 2;
      const c = this.expr();
      this.expectOp(')');
      this.expectName('then');
      const a = this.exprSingle();
      this.expectName('else');
      const b = this.exprSingle();
      return { t: 'if', c, a, b };
    }
    return this.orExpr();
  }

  private orExpr(): Ast {
    let left = this.andExpr();
    while (this.isName('or')) {
      this.i++;
      left = { t: 'or', l: left, r: this.andExpr() };
    }
    return left;
  }

  private andExpr(): Ast {
    let left = this.comparison();
    while (this.isName('and')) {
      this.i++;
      left = { t: 'and', l: left, r: this.comparison() };
    }
    return left;
  }

  private comparison(): Ast {
    const left = this.range();
    const token = this.peek();
    if (token.type === 'op' && GENERAL_OPS[token.value]) {
      this.i++;
      return {
        t: 'compare',
        kind: 'general',
        op: GENERAL_OPS[token.value]!,
        l: left,
        r: this.range(),
      };
    }
    if (token.type === 'name' && VALUE_OPS.has(token.value)) {
      this.i++;
      return { t: 'compare', kind: 'value', op: token.value, l: left, r: this.range() };
    }
    if (
      (token.type === 'name' && token.value === 'is') ||
      (token.type === 'op' && (token.value === '<<' || token.value === '>>'))
    ) {
      this.i++;
      return { t: 'compare', kind: 'node', op: token.value, l: left, r: this.range() };
    }
    return left;
  }

  private range(): Ast {
    const left = this.additive();
    if (this.isName('to')) {
      this.i++;
      return { t: 'range', l: left, r: this.additive() };
    }
    return left;
  }

  private additive(): Ast {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.next().value as '+' | '-';
      left = { t: 'arith', op, l: left, r: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Ast {
    let left = this.union();
    for (;;) {
      const token = this.peek();
      let op: 'div' | 'idiv' | 'mod' | '*' | undefined;
      if (token.type === 'op' && token.value === '*') op = '*';
      else if (
        token.type === 'name' &&
        (token.value === 'div' || token.value === 'idiv' || token.value === 'mod')
      )
        op = token.value;
      if (!op) return left;
      this.i++;
      left = { t: 'arith', op, l: left, r: this.union() };
    }
  }

  private union(): Ast {
    let left = this.intersect();
    while (this.isOp('|') || this.isName('union')) {
      this.i++;
      left = { t: 'union', l: left, r: this.intersect() };
    }
    return left;
  }

  private intersect(): Ast {
    let left = this.instanceOf();
    while (this.isName('intersect') || this.isName('except')) {
      const op = this.next().value as 'intersect' | 'except';
      left = { t: op, l: left, r: this.instanceOf() };
    }
    return left;
  }

  private instanceOf(): Ast {
    const left = this.castable();
    if (this.isName('instance') && this.isName('of', 1)) {
      this.i += 2;
      return { t: 'instance', e: left, type: this.sequenceType() };
    }
    return left;
  }

  private castable(): Ast {
    const left = this.cast();
    if (this.isName('castable') && this.isName('as', 1)) {
      this.i += 2;
      const { type, optional } = this.singleType();
      return { t: 'castable', e: left, type, optional };
    }
    return left;
  }

  private cast(): Ast {
    const left = this.unary();
    if (this.isName('cast') && this.isName('as', 1)) {
      this.i += 2;
      const { type, optional } = this.singleType();
      return { t: 'cast', e: left, type, optional };
    }
    return left;
  }

  private atomicType(qname: string): AtomicTypeName {
    const { ns, local } = this.resolveName(qname);
    const type = ns === XS_NS ? ATOMIC_TYPES[local] : undefined;
    if (!type) throw new XPathError('XPST0051', `unsupported type ${qname}`);
    return type;
  }

  private singleType(): { type: AtomicTypeName; optional: boolean } {
    const token = this.next();
    if (token.type !== 'name') this.fail('expected a type name');
    const type = this.atomicType(token.value);
    const optional = this.isOp('?');
    if (optional) this.i++;
    return { type, optional };
  }

  sequenceType(): SequenceType {
    const token = this.next();
    if (token.type !== 'name') this.fail('expected a sequence type');
    let item: SequenceType['item'];
    if (this.isOp('(') && KIND_TESTS.has(token.value)) {
      if (token.value === 'item') {
        this.expectOp('(');
        this.expectOp(')');
        item = { any: true };
      } else if (token.value === 'empty-sequence') {
        this.expectOp('(');
        this.expectOp(')');
        return { item: { empty: true }, occurrence: '' };
      } else item = { test: this.kindTest(token.value) };
    } else item = { atomic: this.atomicType(token.value) };
    let occurrence: SequenceType['occurrence'] = '';
    const next = this.peek();
    if (next.type === 'op' && (next.value === '?' || next.value === '*' || next.value === '+')) {
      occurrence = next.value;
      this.i++;
    }
    return { item, occurrence };
  }

  private unary(): Ast {
    let negative = false;
    let any = false;
    while (this.isOp('-') || this.isOp('+')) {
      if (this.next().value === '-') negative = !negative;
      any = true;
    }
    const e = this.path();
    if (!any) return e;
    return negative ? { t: 'neg', e } : { t: 'neg', e: { t: 'neg', e } };
  }

  private canStartStep(): boolean {
    const token = this.peek();
    if (
      token.type === 'name' ||
      token.type === 'num' ||
      token.type === 'str' ||
      token.type === 'var'
    )
      return true;
    return token.type === 'op' && ['@', '.', '..', '*', '('].includes(token.value);
  }

  private path(): Ast {
    const steps: Ast[] = [];
    if (this.isOp('/')) {
      this.i++;
      steps.push({ t: 'root' });
      if (!this.canStartStep()) return { t: 'root' };
      steps.push(this.step());
    } else if (this.isOp('//')) {
      this.i++;
      steps.push(
        { t: 'root' },
        { t: 'step', axis: 'descendant-or-self', test: { k: 'node' }, preds: [] },
      );
      steps.push(this.step());
    } else steps.push(this.step());
    for (;;) {
      if (this.isOp('/')) {
        this.i++;
        steps.push(this.step());
      } else if (this.isOp('//')) {
        this.i++;
        steps.push(
          { t: 'step', axis: 'descendant-or-self', test: { k: 'node' }, preds: [] },
          this.step(),
        );
      } else break;
    }
    return steps.length === 1 ? steps[0]! : { t: 'path', steps };
  }

  private predicates(): Ast[] {
    const preds: Ast[] = [];
    while (this.isOp('[')) {
      this.i++;
      preds.push(this.expr());
      this.expectOp(']');
    }
    return preds;
  }

  private kindTest(name: string): NodeTest {
    this.expectOp('(');
    let test: NodeTest;
    switch (name) {
      case 'node':
        test = { k: 'node' };
        break;
      case 'text':
        test = { k: 'text' };
        break;
      case 'document-node':
        test = { k: 'document' };
        break;
      case 'element':
      case 'attribute': {
        let elementName: { ns: string; local: string } | undefined;
        if (this.peek().type === 'name') {
          const value = this.next().value;
          if (value !== '*') elementName = this.resolveName(value);
        } else if (this.isOp('*')) this.i++;
        test =
          name === 'element'
            ? { k: 'element', name: elementName }
            : { k: 'attribute', name: elementName };
        break;
      }
      default:
        this.fail(`unsupported kind test ${name}()`);
    }
    this.expectOp(')');
    return test;
  }

  private nameTest(attribute: boolean): NodeTest {
    const token = this.peek();
    if (token.type === 'op' && token.value === '*') {
      this.i++;
      return { k: 'any' };
    }
    if (token.type !== 'name') this.fail('expected a name test');
    this.i++;
    if (this.isOp('(') && KIND_TESTS.has(token.value)) return this.kindTest(token.value);
    const value = token.value;
    if (value.startsWith('*:')) return { k: 'anyNs', local: value.slice(2) };
    if (value.endsWith(':*'))
      return { k: 'anyLocal', ns: this.resolveName(value.slice(0, -2) + ':x').ns };
    const { ns, local } = this.resolveName(value);
    void attribute;
    return { k: 'name', ns, local };
  }

  private step(): Ast {
    const token = this.peek();
    if (token.type === 'op' && token.value === '..') {
      this.i++;
      return { t: 'step', axis: 'parent', test: { k: 'node' }, preds: this.predicates() };
    }
    if (token.type === 'op' && token.value === '@') {
      this.i++;
      return { t: 'step', axis: 'attribute', test: this.nameTest(true), preds: this.predicates() };
    }
    if (token.type === 'name' && this.isOp('::', 1)) {
      if (!AXES.has(token.value)) this.fail(`unknown axis ${token.value}`);
      this.i += 2;
      const axis = token.value as Axis;
      return {
        t: 'step',
        axis,
        test: this.nameTest(axis === 'attribute'),
        preds: this.predicates(),
      };
    }
    if (token.type === 'name' && this.isOp('(', 1) && !KIND_TESTS.has(token.value)) {
      return this.filter(this.functionCall());
    }
    if (token.type === 'name' || (token.type === 'op' && token.value === '*')) {
      const test = this.nameTest(false);
      const axis: Axis = test.k === 'attribute' ? 'attribute' : 'child';
      return { t: 'step', axis, test, preds: this.predicates() };
    }
    return this.filter(this.primary());
  }

  private filter(e: Ast): Ast {
    const preds = this.predicates();
    return preds.length ? { t: 'filter', e, preds } : e;
  }

  private functionCall(): Ast {
    const name = this.next().value;
    this.expectOp('(');
    const args: Ast[] = [];
    if (!this.isOp(')')) {
      args.push(this.exprSingle());
      while (this.isOp(',')) {
        this.i++;
        args.push(this.exprSingle());
      }
    }
    this.expectOp(')');
    const { ns, local } = this.resolveName(name, true);
    return { t: 'call', name: ns === FN_NS ? local : `{${ns}}${local}`, args };
  }

  private primary(): Ast {
    const token = this.next();
    switch (token.type) {
      case 'num': {
        const text = token.value;
        if (text.includes('e') || text.includes('E')) return { t: 'literal', value: Number(text) };
        if (text.includes('.'))
          return {
            t: 'literal',
            value: new Decimal(
              text.startsWith('.') ? '0' + text : text.endsWith('.') ? text + '0' : text,
            ),
          };
        return { t: 'literal', value: BigInt(text) };
      }
      case 'str':
        return { t: 'literal', value: token.value };
      case 'var':
        return { t: 'var', name: token.value };
      case 'op':
        if (token.value === '.') return { t: 'context' };
        if (token.value === '(') {
          if (this.isOp(')')) {
            this.i++;
            return { t: 'seq', items: [] };
          }
          const e = this.expr();
          this.expectOp(')');
          return e.t === 'seq' ? e : { t: 'seq', items: [e] };
        }
        break;
      default:
        break;
    }
    this.i--;
    return this.fail(`unexpected '${token.value}'`);
  }
}

export function parseXPath(text: string, ns: Namespaces): Ast {
  return new Parser(text, ns).parseAll();
}

export function parseSequenceType(text: string, ns: Namespaces): SequenceType {
  const parser = new Parser(text, ns);
  return parser.sequenceType();
}

/** Expanded name `{uri}local` of a QName (for user functions, variables and keys). */
export function expandName(qname: string, ns: Namespaces): string {
  const { ns: uri, local } = new Parser('', ns).resolveName(qname);
  return uri ? `{${uri}}${local}` : local;
}
