/**
 * XPath 2.0 AST → JS closures over the one parsed tree. Each expression compiles once to a
 * function `(ctx) => Seq`; evaluation follows Saxon-HE's observable behaviour: `and`/`or` and
 * general comparisons short-circuit left to right, `if` evaluates only its branch, variables
 * bound by schematron `let` are evaluated lazily (an error in an unused one does not abort).
 */
import {
  stringValue,
  type XAttribute,
  type XDocument,
  type XElement,
  type XNode,
  type XText,
} from '../tree/node.ts';
import { callBuiltin, BUILTIN_ARITY, normalizeSpace } from './functions.ts';
import {
  parseXPath,
  XS_NS,
  type Ast,
  type Axis,
  type Namespaces,
  type NodeTest,
  type SequenceType,
} from './parser.ts';
import {
  arithmetic,
  atomize,
  atomizeOpt,
  castTo,
  compareValues,
  Decimal,
  ebv,
  generalPair,
  isNode,
  negate,
  toInteger,
  Untyped,
  XDate,
  XPathError,
  TRUE,
  FALSE,
  bool,
  type ArithOp,
  type Atomic,
  type AtomicTypeName,
  type CompareOp,
  type Item,
  type Seq,
} from './values.ts';

/** A lazily evaluated variable value (schematron `let`, xsl:variable, global params). */
export class Lazy {
  private value: Seq | undefined;
  private evaluating = false;
  constructor(
    private readonly compute: (ctx: Ctx) => Seq,
    private readonly ctx: Ctx,
  ) {}
  get(): Seq {
    if (this.value === undefined) {
      if (this.evaluating) throw new XPathError('XTDE0640', 'circular variable definition');
      this.evaluating = true;
      try {
        this.value = this.compute(this.ctx);
      } finally {
        this.evaluating = false;
      }
    }
    return this.value;
  }
}

/** One run of a rule set over one document: the caches shared by all its expressions. */
export interface Run {
  doc: XDocument;
  globals: Array<Lazy | undefined>;
  keys: Map<string, Map<string, XNode[]>>;
  depth: number;
  /** Elements by expanded name ('{ns}local'), in document order: built on first use. */
  byName?: Map<string, Map<string, XElement[]>>;
  /** Child elements by namespace and local name, of the elements with many children. */
  children?: Map<XElement, Map<string, Map<string, XElement[]>>>;
  /** Attributes by expanded name, in document order: built on first use. */
  attributesByName?: Map<string, XAttribute[]>;
  /** Values of absolute paths that depend on nothing but the document (see focusFree). */
  memo?: Map<string, Seq>;
  /** Nodes of such paths by normalized string value (see Compiler.groupedPath). */
  groups?: Map<string, Map<string, XNode[]>>;
  /** Per memoized predicate (by its id): its value per context node (see Compiler.predicate). */
  predicates?: Array<Map<XNode, boolean> | Int8Array | undefined>;
  /** The number of nodes of the document (orders 0 to nodeCount - 1), counted on first use. */
  nodeCount?: number;
  /** Per repeated sub-expression of a check (by its id): its last value (see Compiler.compileCheck). */
  repeats?: Array<LastValue | undefined>;
}

/** A sub-expression's last value and the dynamic context it was computed in. */
interface LastValue {
  ctx: Ctx;
  item: Item | undefined;
  pos: number;
  size: number;
  current: Item | undefined;
  /** The values of the local variables it reads, by identity. */
  locals: Array<Seq | Lazy | undefined>;
  value: Seq;
}

function attributesByName(run: Run): Map<string, XAttribute[]> {
  if (run.attributesByName) return run.attributesByName;
  const shared = indexed?.doc === run.doc ? indexed.attributes : undefined;
  if (shared) return (run.attributesByName = shared);
  const index = new Map<string, XAttribute[]>();
  const visit = (element: XElement): void => {
    for (const attribute of element.attrs) {
      // Most attributes have no namespace: key by local name then, by '{ns}local' otherwise.
      const key = attribute.ns === '' ? attribute.local : `{${attribute.ns}}${attribute.local}`;
      const list = index.get(key);
      if (list) list.push(attribute);
      else index.set(key, [attribute]);
    }
    for (const child of element.children) if (child.kind === 'element') visit(child);
  };
  if (run.doc.root) visit(run.doc.root);
  run.attributesByName = index;
  indexedFor(run.doc).attributes = index;
  return index;
}

/** The nodes of a document-ordered list that lie in a node's subtree (itself included). */
function inSubtree<T extends XNode>(list: T[], node: XNode): T[] {
  if (node.kind === 'document') return list;
  if (node.kind !== 'element') return [];
  const low = node.order;
  const high = lastDescendantOrder(node);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.order < low) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < list.length && list[end]!.order <= high) end++;
  return lo === 0 && end === list.length ? list : list.slice(lo, end);
}

const NO_NODES: XElement[] = [];

/** The built-in function names as the interned strings of BUILTIN_ARITY's keys. */
const INTERNED_NAMES = new Map(Object.keys(BUILTIN_ARITY).map((name) => [name, name]));

/** child::name of an element with many children, from a per-run index of its children. */
function namedChildren(element: XElement, ns: string, local: string, run: Run): XElement[] {
  run.children ??= new Map();
  let index = run.children.get(element);
  if (!index) {
    index = new Map();
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      let byLocal = index.get(child.ns);
      if (!byLocal) {
        byLocal = new Map();
        index.set(child.ns, byLocal);
      }
      const list = byLocal.get(child.local);
      if (list) list.push(child);
      else byLocal.set(child.local, [child]);
    }
    run.children.set(element, index);
  }
  return index.get(ns)?.get(local) ?? NO_NODES;
}

/**
 * The name indexes of the last document indexed, shared by every rule set run on it (trees are
 * not changed after parsing). One document, not a WeakMap per document: V8's scavenger keeps a
 * WeakMap's entries alive, so a WeakMap kept every validated tree alive (copied and promoted)
 * until the next full collection. A miss only means the engine builds the index again;
 * validateUbl lets go of it when its rules are done (forgetNameIndexes).
 */
let indexed:
  | {
      doc: XDocument;
      elements: Map<string, Map<string, XElement[]>> | undefined;
      attributes: Map<string, XAttribute[]> | undefined;
    }
  | undefined;

function indexedFor(doc: XDocument): NonNullable<typeof indexed> {
  if (indexed?.doc !== doc) indexed = { doc, elements: undefined, attributes: undefined };
  return indexed;
}

/** Lets go of a document's name indexes (and so of its tree), if they are the ones kept. */
export function forgetNameIndexes(doc: XDocument): void {
  if (indexed?.doc === doc) indexed = undefined;
}

/** A document's name indexes, as elementsByName and attributesByName build them. */
export interface NameIndexes {
  elements: Map<string, Map<string, XElement[]>>;
  attributes: Map<string, XAttribute[]>;
}

/**
 * With `built`: adopts the name indexes a tree reader built on its way through `doc`
 * (native-tree.ts does), so that no rule set walks the tree again for them; they must be exactly
 * what elementsByName and attributesByName build. Either way, the indexes `doc` has (built now if
 * it had none): test/native-lane.test.ts compares the two.
 */
export function nameIndexes(doc: XDocument, built?: NameIndexes): NameIndexes {
  if (built) {
    indexed = { doc, elements: built.elements, attributes: built.attributes };
    return built;
  }
  const run: Run = { doc, globals: [], keys: new Map(), depth: 0 };
  return { elements: elementsByName(run), attributes: attributesByName(run) };
}

function elementsByName(run: Run): Map<string, Map<string, XElement[]>> {
  if (run.byName) return run.byName;
  const shared = indexed?.doc === run.doc ? indexed.elements : undefined;
  if (shared) return (run.byName = shared);
  // local name → namespace → elements: no string is built per element.
  const index = new Map<string, Map<string, XElement[]>>();
  const visit = (element: XElement): void => {
    let byNs = index.get(element.local);
    if (!byNs) {
      byNs = new Map();
      index.set(element.local, byNs);
    }
    const list = byNs.get(element.ns);
    if (list) list.push(element);
    else byNs.set(element.ns, [element]);
    for (const child of element.children) if (child.kind === 'element') visit(child);
  };
  if (run.doc.root) visit(run.doc.root);
  run.byName = index;
  indexedFor(run.doc).elements = index;
  return index;
}

/** descendant(-or-self)::name from a node, read from the per-run name index (document order). */
function namedDescendants(
  node: XNode,
  ns: string,
  local: string,
  orSelf: boolean,
  run: Run,
): XNode[] {
  const list = elementsByName(run).get(local)?.get(ns);
  if (!list) return [];
  if (node.kind === 'document') return list;
  if (node.kind !== 'element') return [];
  const low = node.order;
  const high = lastDescendantOrder(node);
  let lo = 0;
  let hi = list.length;
  const first = orSelf ? low : low + 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.order < first) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < list.length && list[end]!.order <= high) end++;
  return list.slice(lo, end);
}

export interface Ctx {
  item: Item | undefined;
  pos: number;
  size: number;
  env: Array<Seq | Lazy | undefined>;
  run: Run;
  /** XSLT current(): the rule's context node. */
  current: Item | undefined;
}

export type Fn = (ctx: Ctx) => Seq;

/** What the compiler knows about names outside an expression. */
export interface StaticEnv {
  ns: Namespaces;
  /** Index of a global variable (schema/pattern let, xsl:param), or undefined. */
  global(name: string): number | undefined;
  /** A user (xsl:function) function by expanded name and arity. */
  userFunction(name: string, arity: number): UserFunction | undefined;
  /** A key's definition by (unexpanded) name. */
  key(name: string): KeyDef | undefined;
}

export interface UserFunction {
  call(ctx: Ctx, args: Seq[]): Seq;
}

export interface KeyDef {
  name: string;
  match: (node: XNode, run: Run) => boolean;
  use: Fn;
}

export class Scope {
  readonly slots = new Map<string, number>();
  constructor(
    readonly env: StaticEnv,
    private readonly frame: { size: number },
    private readonly parent?: Scope,
  ) {}
  static root(env: StaticEnv): Scope {
    return new Scope(env, { size: 0 });
  }
  child(): Scope {
    return new Scope(this.env, this.frame, this);
  }
  declare(name: string): number {
    const slot = this.frame.size++;
    this.slots.set(name, slot);
    return slot;
  }
  lookup(name: string): number | undefined {
    return this.slots.get(name) ?? this.parent?.lookup(name);
  }
  get frameSize(): number {
    return this.frame.size;
  }
}

const EMPTY: Seq = [];

// ---------------------------------------------------------------------------------------------
// Document order

export function sortDocOrder(nodes: XNode[]): XNode[] {
  let sorted = true;
  for (let i = 1; i < nodes.length; i++) {
    if (nodes[i - 1]!.order >= nodes[i]!.order) {
      sorted = false;
      break;
    }
  }
  if (sorted) return nodes;
  const copy = [...nodes].sort((a, b) => a.order - b.order);
  const out: XNode[] = [];
  for (const node of copy) if (out.length === 0 || out[out.length - 1] !== node) out.push(node);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Node tests and axes

type NodePred = (node: XNode) => boolean;

export function compileNodeTest(test: NodeTest, axis: Axis): NodePred {
  const principal = axis === 'attribute' ? 'attribute' : 'element';
  switch (test.k) {
    case 'name': {
      const { ns, local } = test;
      return (node) =>
        node.kind === principal &&
        (node as XElement).local === local &&
        (node as XElement).ns === ns;
    }
    case 'any':
      return (node) => node.kind === principal;
    case 'anyLocal': {
      const { ns } = test;
      return (node) => node.kind === principal && (node as XElement).ns === ns;
    }
    case 'anyNs': {
      const { local } = test;
      return (node) => node.kind === principal && (node as XElement).local === local;
    }
    case 'node':
      return () => true;
    case 'text':
      return (node) => node.kind === 'text';
    case 'document':
      return (node) => node.kind === 'document';
    case 'element':
    case 'attribute': {
      const kind = test.k;
      const name = test.name;
      if (!name) return (node) => node.kind === kind;
      return (node) =>
        node.kind === kind &&
        (node as XElement).local === name.local &&
        (node as XElement).ns === name.ns;
    }
  }
}

function parentOf(node: XNode): XNode | undefined {
  return node.kind === 'document' ? undefined : node.parent;
}

function childrenOf(node: XNode): ReadonlyArray<XElement | XText> {
  if (node.kind === 'element') return node.children;
  if (node.kind === 'document') return node.children;
  return EMPTY as XElement[];
}

function pushDescendants(node: XNode, test: NodePred, out: XNode[]): void {
  for (const child of childrenOf(node)) {
    if (test(child)) out.push(child);
    if (child.kind === 'element' && child.children.length) pushDescendants(child, test, out);
  }
}

function lastDescendantOrder(node: XNode): number {
  let current: XNode = node;
  for (;;) {
    if (current.kind === 'element') {
      if (current.children.length) {
        current = current.children[current.children.length - 1]!;
        continue;
      }
      if (current.attrs.length) return current.attrs[current.attrs.length - 1]!.order;
      return current.order;
    }
    if (current.kind === 'document') {
      if (current.root) {
        current = current.root;
        continue;
      }
    }
    return current.order;
  }
}

function rootOf(node: XNode): XNode {
  let current = node;
  while (current.kind !== 'document') {
    const parent: XNode | undefined = parentOf(current);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/**
 * The context a predicate's test reads for each of `size` items: one object, its item and
 * position set before each test (the variables, run and current() are the outer context's).
 */
function itemContext(ctx: Ctx, size: number): Ctx {
  return { item: undefined, pos: 0, size, env: ctx.env, run: ctx.run, current: ctx.current };
}

/** How an error message names the operands of an operator (made once, not per evaluation). */
function operandNames(op: string): [first: string, second: string] {
  return [`the first operand of '${op}'`, `the second operand of '${op}'`];
}

/**
 * The nodes of a list that pass a test: most child and attribute steps find one node, so one is
 * an array of one (an array grown by push has room for 17).
 */
function passing(nodes: readonly XNode[], test: NodePred): XNode[] {
  let first: XNode | undefined;
  let out: XNode[] | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (!test(node)) continue;
    if (first === undefined) first = node;
    else (out ??= [first]).push(node);
  }
  return out ?? (first === undefined ? NO_NODES : [first]);
}

/** The nodes of an axis that pass a test, in axis order (reverse axes nearest first). */
function axisNodes(node: XNode, axis: Axis, test: NodePred): XNode[] {
  switch (axis) {
    case 'child':
      return passing(childrenOf(node), test);
    case 'attribute':
      return node.kind === 'element' ? passing(node.attrs, test) : NO_NODES;
    case 'self':
      return test(node) ? [node] : NO_NODES;
    case 'parent': {
      const parent = parentOf(node);
      return parent && test(parent) ? [parent] : NO_NODES;
    }
  }
  const out: XNode[] = [];
  switch (axis) {
    case 'descendant':
      pushDescendants(node, test, out);
      return out;
    case 'descendant-or-self':
      if (test(node)) out.push(node);
      pushDescendants(node, test, out);
      return out;
    case 'ancestor':
    case 'ancestor-or-self': {
      let current: XNode | undefined = axis === 'ancestor' ? parentOf(node) : node;
      while (current) {
        if (test(current)) out.push(current);
        current = parentOf(current);
      }
      return out;
    }
    case 'following-sibling':
    case 'preceding-sibling': {
      if (node.kind !== 'element' && node.kind !== 'text') return out;
      const siblings = childrenOf(node.parent);
      const index = siblings.indexOf(node);
      if (axis === 'following-sibling') {
        for (let i = index + 1; i < siblings.length; i++)
          if (test(siblings[i]!)) out.push(siblings[i]!);
      } else for (let i = index - 1; i >= 0; i--) if (test(siblings[i]!)) out.push(siblings[i]!);
      return out;
    }
    case 'following': {
      const after = lastDescendantOrder(node);
      const all: XNode[] = [];
      pushDescendants(rootOf(node), test, all);
      for (const candidate of all) if (candidate.order > after) out.push(candidate);
      return out;
    }
    case 'preceding': {
      const ancestors = new Set<XNode>();
      for (let current = parentOf(node); current; current = parentOf(current))
        ancestors.add(current);
      const all: XNode[] = [];
      pushDescendants(rootOf(node), test, all);
      const start = node.kind === 'attribute' ? node.parent.order : node.order;
      for (let i = all.length - 1; i >= 0; i--) {
        const candidate = all[i]!;
        if (candidate.order < start && !ancestors.has(candidate)) out.push(candidate);
      }
      return out;
    }
    case 'descendant-attribute': {
      const elements: XNode[] = [];
      pushDescendants(node, (n) => n.kind === 'element', elements);
      if (node.kind === 'element') elements.unshift(node);
      for (const element of elements)
        for (const attribute of (element as XElement).attrs)
          if (test(attribute)) out.push(attribute);
      return out;
    }
  }
}

const REVERSE_AXES = new Set<Axis>([
  'parent',
  'ancestor',
  'ancestor-or-self',
  'preceding-sibling',
  'preceding',
]);

// ---------------------------------------------------------------------------------------------
// Predicates

export type Pred = {
  fn: Fn;
  literalPosition?: number;
  positional: boolean;
  /** For a predicate whose value is always a boolean: the same as ebv(fn(ctx)), without a sequence. */
  test?: (ctx: Ctx) => boolean;
};

export function applyPredicates(items: Seq, preds: Pred[], ctx: Ctx): Seq {
  let current = items;
  for (const pred of preds) {
    if (pred.literalPosition !== undefined) {
      const item = current[pred.literalPosition - 1];
      current = item === undefined ? EMPTY : [item];
      continue;
    }
    const size = current.length;
    const out: Item[] = [];
    const test = pred.test;
    if (test) {
      const itemCtx = itemContext(ctx, size);
      for (let i = 0; i < size; i++) {
        const item = current[i]!;
        itemCtx.item = item;
        itemCtx.pos = i + 1;
        if (test(itemCtx)) out.push(item);
      }
      current = out;
      continue;
    }
    for (let i = 0; i < size; i++) {
      const item = current[i]!;
      const result = pred.fn({
        item,
        pos: i + 1,
        size,
        env: ctx.env,
        run: ctx.run,
        current: ctx.current,
      });
      if (result.length === 1) {
        const value = result[0]!;
        if (typeof value === 'number') {
          if (value === i + 1) out.push(item);
          continue;
        }
        if (typeof value === 'bigint') {
          if (value === BigInt(i + 1)) out.push(item);
          continue;
        }
        if (value instanceof Decimal) {
          if (value.eq(i + 1)) out.push(item);
          continue;
        }
      }
      if (ebv(result)) out.push(item);
    }
    current = out;
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// Sequence types (xsl:function params and results)

function matchesAtomic(value: Atomic, type: AtomicTypeName): Atomic | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'integer':
      return typeof value === 'bigint' ? value : undefined;
    case 'decimal':
      return typeof value === 'bigint' || value instanceof Decimal ? value : undefined;
    case 'double':
      return typeof value === 'number'
        ? value
        : typeof value === 'bigint' || value instanceof Decimal
          ? castTo(value, 'double')
          : undefined;
    case 'date':
      return value instanceof XDate ? value : undefined;
    case 'untypedAtomic':
      return value;
  }
}

/** XSLT function conversion rules: atomize, cast untyped, promote numerics, check cardinality. */
/** `code`: the error of a wrong type or count (XTTE0780 for an xsl:function's result, as Saxon). */
export function convertToType(
  seq: Seq,
  type: SequenceType | undefined,
  what: string,
  code = 'XPTY0004',
): Seq {
  if (!type) return seq;
  const { item, occurrence } = type;
  let out: Seq = seq;
  if ('atomic' in item && seq.length === 1) {
    // One atomic value already of the type (u:slack's decimals): the sequence as it is, as any
    // occurrence indicator allows one item.
    const value = seq[0]!;
    if (
      !isNode(value) &&
      !(value instanceof Untyped) &&
      matchesAtomic(value, item.atomic) === value
    )
      return seq;
  }
  if ('atomic' in item) {
    out = seq.map((entry) => {
      const value = atomize(entry);
      if (value instanceof Untyped) return castTo(value, item.atomic);
      const converted = matchesAtomic(value, item.atomic);
      if (converted === undefined) {
        throw new XPathError(
          code,
          `${what}: required type is xs:${item.atomic}, supplied value has another type`,
        );
      }
      return converted;
    });
  } else if ('test' in item) {
    const test = compileNodeTest(item.test, item.test.k === 'attribute' ? 'attribute' : 'child');
    for (const entry of seq) {
      if (!isNode(entry) || !test(entry))
        throw new XPathError(code, `${what}: required a node of another kind`);
    }
  } else if ('empty' in item) {
    if (seq.length) throw new XPathError(code, `${what}: required the empty sequence`);
    return seq;
  }
  const n = out.length;
  if (
    (occurrence === '' && n !== 1) ||
    (occurrence === '?' && n > 1) ||
    (occurrence === '+' && n === 0)
  ) {
    throw new XPathError(code, `${what}: wrong number of items (${n})`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The compiler

function isPositionalPredicate(ast: Ast): boolean {
  switch (ast.t) {
    case 'literal':
      return typeof ast.value !== 'string';
    case 'or':
    case 'and':
    case 'compare':
      return containsPositionCall(ast);
    case 'call':
      if (['position', 'last'].includes(ast.name)) return true;
      if (
        [
          'not',
          'exists',
          'empty',
          'boolean',
          'matches',
          'contains',
          'starts-with',
          'ends-with',
          'true',
          'false',
        ].includes(ast.name)
      ) {
        return containsPositionCall(ast);
      }
      return true;
    case 'path':
    case 'step':
      return containsPositionCall(ast);
    default:
      return true;
  }
}

/** Whether an expression's value is always one xs:boolean. */
function isBooleanValued(ast: Ast): boolean {
  if (ast.t === 'or' || ast.t === 'and' || ast.t === 'compare') return true;
  return (
    ast.t === 'call' &&
    [
      'not',
      'exists',
      'empty',
      'boolean',
      'true',
      'false',
      'contains',
      'starts-with',
      'ends-with',
      'matches',
    ].includes(ast.name)
  );
}

/** Whether a text has a character other than the four XML blanks (normalize-space(x) != ''). */
function hasNonBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return true;
  }
  return false;
}

type SimpleStep = { attribute: boolean; ns: string; local: string };

/** Whether a node has a descendant path of simple name steps, stopping at the first found. */
function hasPath(node: XNode, steps: SimpleStep[], i: number, run: Run): boolean {
  if (i === steps.length) return true;
  const step = steps[i]!;
  if (node.kind !== 'element') {
    if (node.kind !== 'document' || step.attribute) return false;
    const root = node.root;
    return (
      root !== undefined &&
      root.local === step.local &&
      root.ns === step.ns &&
      hasPath(root, steps, i + 1, run)
    );
  }
  if (step.attribute) {
    for (const attribute of node.attrs)
      if (attribute.local === step.local && attribute.ns === step.ns) return i + 1 === steps.length;
    return false;
  }
  const children = node.children;
  if (children.length >= 64) {
    for (const child of namedChildren(node, step.ns, step.local, run))
      if (hasPath(child, steps, i + 1, run)) return true;
    return false;
  }
  for (let k = 0; k < children.length; k++) {
    const child = children[k]!;
    if (
      child.kind === 'element' &&
      child.local === step.local &&
      child.ns === step.ns &&
      hasPath(child, steps, i + 1, run)
    )
      return true;
  }
  return false;
}

/**
 * hasPath read backwards, for child steps only: the elements named like the last step inside the
 * node's subtree (from the name index), each checked up its ancestors. Undefined when there are
 * too many such elements for this to be the cheaper way.
 */
function hasPathFromIndex(node: XNode, steps: SimpleStep[], run: Run): boolean | undefined {
  const last = steps[steps.length - 1]!;
  const list = elementsByName(run).get(last.local)?.get(last.ns);
  if (!list) return false;
  let lo = 0;
  let end = list.length;
  if (node.kind === 'element') {
    const low = node.order + 1;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.order < low) lo = mid + 1;
      else hi = mid;
    }
    const high = lastDescendantOrder(node);
    end = lo;
    while (end < list.length && list[end]!.order <= high && end - lo <= 64) end++;
    if (end - lo > 64) return undefined;
  } else if (node.kind !== 'document') return false;
  else if (list.length > 64) return undefined;
  candidates: for (let k = lo; k < end; k++) {
    let current: XElement | XDocument = list[k]!;
    for (let i = steps.length - 2; i >= 0; i--) {
      current = (current as XElement).parent;
      const step = steps[i]!;
      if (current.kind !== 'element' || current.local !== step.local || current.ns !== step.ns)
        continue candidates;
    }
    if ((current as XElement).parent === node) return true;
  }
  return false;
}

/** The alternatives of `(a | b)` of simple name steps, or of one step. */
function simpleAlternatives(ast: Ast): Ast[] | undefined {
  if (ast.t === 'seq' && ast.items.length === 1) return simpleAlternatives(ast.items[0]!);
  if (ast.t === 'union') {
    const l = simpleAlternatives(ast.l);
    const r = simpleAlternatives(ast.r);
    return l && r ? [...l, ...r] : undefined;
  }
  return ast.t === 'step' ? [ast] : undefined;
}

/** A relative path of child/attribute name steps (or `/` then such steps) as an existence test. */
function simpleExists(ast: Ast): ((ctx: Ctx) => boolean) | undefined {
  // `*`: whether the context node has an element child.
  if (ast.t === 'step' && ast.axis === 'child' && ast.test.k === 'any' && !ast.preds.length) {
    return (ctx) => {
      const item = ctx.item;
      if (item === undefined)
        throw new XPathError('XPDY0002', 'the context item is absent for a path');
      if (!isNode(item))
        throw new XPathError('XPTY0020', 'the context item for an axis step is not a node');
      if (item.kind === 'document') return item.root !== undefined;
      if (item.kind !== 'element') return false;
      for (const child of item.children) if (child.kind === 'element') return true;
      return false;
    };
  }
  // (a | b)/c/d: exists(a/c/d) or exists(b/c/d).
  if (ast.t === 'path' && ast.steps.length > 1 && ast.steps[0]!.t === 'seq') {
    const heads = simpleAlternatives(ast.steps[0]!);
    if (!heads || heads.length > 4) return undefined;
    const tests: Array<(ctx: Ctx) => boolean> = [];
    for (const head of heads) {
      const test = simpleExists({ ...ast, steps: [head, ...ast.steps.slice(1)] });
      if (!test) return undefined;
      tests.push(test);
    }
    return (ctx) => {
      for (const test of tests) if (test(ctx)) return true;
      return false;
    };
  }
  const raw = ast.t === 'path' ? ast.steps : ast.t === 'step' ? [ast] : undefined;
  if (!raw) return undefined;
  const fromRoot = raw[0]?.t === 'root';
  const steps: SimpleStep[] = [];
  for (const step of fromRoot ? raw.slice(1) : raw) {
    if (
      step.t !== 'step' ||
      step.preds.length ||
      step.test.k !== 'name' ||
      (step.axis !== 'child' && step.axis !== 'attribute')
    )
      return undefined;
    if (step.axis === 'attribute' && step !== raw[raw.length - 1]) return undefined;
    steps.push({ attribute: step.axis === 'attribute', ns: step.test.ns, local: step.test.local });
  }
  if (steps.length === 0) return undefined;
  const childOnly = steps.length > 1 && steps.every((step) => !step.attribute);
  return (ctx) => {
    const item = ctx.item;
    if (item === undefined)
      throw new XPathError('XPDY0002', 'the context item is absent for a path');
    if (!isNode(item))
      throw new XPathError('XPTY0020', 'the context item for an axis step is not a node');
    if (!fromRoot) {
      // Backwards from the root element or a node with many children: others are quick to walk.
      if (
        childOnly &&
        item.kind === 'element' &&
        (item.parent.kind === 'document' || item.children.length >= 64)
      ) {
        const found = hasPathFromIndex(item, steps, ctx.run);
        if (found !== undefined) return found;
      }
      return hasPath(item, steps, 0, ctx.run);
    }
    const root = rootOf(item);
    if (root.kind !== 'document')
      throw new XPathError('XPDY0050', 'the root is not a document node');
    return hasPath(root, steps, 0, ctx.run);
  };
}

/**
 * Whether an expression's value depends only on the document and the run's global variables:
 * no current(), no local variable, no variable binding of its own.
 */
function focusFree(ast: Ast, scope: Scope): boolean {
  switch (ast.t) {
    case 'var':
      return scope.lookup(ast.name) === undefined && scope.env.global(ast.name) !== undefined;
    case 'for':
    case 'some':
    case 'every':
      return false;
    case 'call':
      if (ast.name === 'current') return false;
      return ast.args.every((arg) => focusFree(arg, scope));
    case 'literal':
    case 'context':
    case 'root':
      return true;
    case 'seq':
      return ast.items.every((item) => focusFree(item, scope));
    case 'or':
    case 'and':
    case 'compare':
    case 'arith':
    case 'range':
    case 'union':
    case 'intersect':
    case 'except':
      return focusFree(ast.l, scope) && focusFree(ast.r, scope);
    case 'neg':
    case 'cast':
    case 'castable':
    case 'instance':
      return focusFree(ast.e, scope);
    case 'if':
      return focusFree(ast.c, scope) && focusFree(ast.a, scope) && focusFree(ast.b, scope);
    case 'path':
      return ast.steps.every((step) => focusFree(step, scope));
    case 'step':
      return ast.preds.every((pred) => focusFree(pred, scope));
    case 'filter':
      return focusFree(ast.e, scope) && ast.preds.every((pred) => focusFree(pred, scope));
  }
}

/**
 * Nodes of a document from which a remembered predicate keeps its answers in an array by
 * document order (one byte a node): cheaper than a Map of as many entries, dearer to make.
 */
const LARGE_DOCUMENT = 4096;

/** The predicates worth remembering, by memoKey: an id and how many places spell them. */
const PREDICATE_IDS = new Map<string, { id: number; spellings: number }>();

/**
 * A non-positional boolean predicate that reads nothing but its context node, the document and
 * global variables (`[cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT']`) has one value
 * per node in a run. One spelled in more than one place (the VAT category rules test the same
 * predicates on the same lines) is remembered per node, shared by every place that spells it;
 * one spelled once is not (mostly tried once per node: the memo would only cost). An error is
 * not remembered: the next evaluation raises it again.
 */
function memoizedPredicate(ast: Ast, test: (ctx: Ctx) => boolean): (ctx: Ctx) => boolean {
  const key = memoKey(ast);
  let shared = PREDICATE_IDS.get(key);
  if (shared === undefined) {
    shared = { id: PREDICATE_IDS.size, spellings: 0 };
    PREDICATE_IDS.set(key, shared);
  }
  shared.spellings++;
  const info = shared;
  const slot = shared.id;
  return (ctx) => {
    const item = ctx.item;
    if (info.spellings < 2 || item === undefined || !isNode(item)) return test(ctx);
    const run = ctx.run;
    const memos = (run.predicates ??= []);
    let memo = memos[slot];
    if (memo === undefined) {
      run.nodeCount ??= lastDescendantOrder(run.doc) + 1;
      memo = run.nodeCount >= LARGE_DOCUMENT ? new Int8Array(run.nodeCount) : new Map();
      memos[slot] = memo;
    }
    if (memo instanceof Map) {
      let value = memo.get(item);
      if (value === undefined) {
        value = test(ctx);
        memo.set(item, value);
      }
      return value;
    }
    // By document order: 0 not known yet, 1 false, 2 true. Every node of a run is of its
    // document (no function makes or reads another tree); one beyond its orders is not kept.
    const order = item.order;
    const known = order < memo.length ? memo[order]! : -1;
    if (known > 0) return known === 2;
    const value = test(ctx);
    if (known === 0) memo[order] = value ? 2 : 1;
    return value;
  };
}

/** A text that tells expressions apart, literals' types included. */
function memoKey(ast: Ast): string {
  return JSON.stringify(ast, function (this: Record<string, unknown>, key: string, value) {
    const raw = this[key];
    if (typeof raw === 'bigint') return `integer ${raw}`;
    if (typeof raw === 'number') return `double ${raw}`;
    if (raw instanceof Decimal) return `decimal ${raw.toString()}`;
    if (key === 'value' && typeof raw === 'string') return `string ${raw}`;
    return value as unknown;
  });
}

/** `a | b` of child steps without positional predicates → `descendant::a | descendant::b`. */
function toDescendantUnion(ast: Ast): Ast | undefined {
  if (ast.t === 'union') {
    const l = toDescendantUnion(ast.l);
    const r = toDescendantUnion(ast.r);
    return l && r ? { t: 'union', l, r } : undefined;
  }
  if (
    ast.t === 'step' &&
    ast.axis === 'child' &&
    ast.preds.every((pred) => !isPositionalPredicate(pred))
  ) {
    return { ...ast, axis: 'descendant' };
  }
  return undefined;
}

function containsPositionCall(ast: Ast): boolean {
  if (ast.t === 'call' && (ast.name === 'position' || ast.name === 'last')) return true;
  if (ast.t === 'step' || ast.t === 'filter') return false; // a nested predicate has its own focus
  for (const value of Object.values(ast)) {
    if (Array.isArray(value)) {
      for (const entry of value) {
        if (Array.isArray(entry)) {
          if (entry[1] && typeof entry[1] === 'object' && containsPositionCall(entry[1] as Ast))
            return true;
        } else if (
          entry &&
          typeof entry === 'object' &&
          't' in entry &&
          containsPositionCall(entry as Ast)
        )
          return true;
      }
    } else if (
      value &&
      typeof value === 'object' &&
      't' in value &&
      containsPositionCall(value as Ast)
    )
      return true;
  }
  return false;
}

/** Ids of Run.repeats, unique across compilers (a run may meet expressions of several). */
const REPEAT_IDS = { count: 0 };

/** Aggregates and filtered paths: the sub-expressions worth computing once when spelled twice. */
function isCostly(ast: Ast): boolean {
  if (ast.t === 'call') return ['sum', 'count', 'avg', 'min', 'max'].includes(ast.name);
  if (ast.t === 'filter') return true;
  return ast.t === 'path' && ast.steps.some((step) => step.t === 'step' && step.preds.length > 0);
}

/** Each sub-expression of `ast`, the root included. */
function eachSubexpression(ast: Ast, visit: (ast: Ast) => void): void {
  visit(ast);
  for (const value of Object.values(ast)) {
    if (!Array.isArray(value)) {
      if (value && typeof value === 'object' && 't' in value)
        eachSubexpression(value as Ast, visit);
      continue;
    }
    for (const entry of value) {
      const sub: unknown = Array.isArray(entry) ? entry[1] : entry;
      if (sub && typeof sub === 'object' && 't' in sub) eachSubexpression(sub as Ast, visit);
    }
  }
}

/** The memoKeys of the costly sub-expressions `ast` spells more than once. */
function repeatedSubexpressions(ast: Ast): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  eachSubexpression(ast, (sub) => {
    if (!isCostly(sub)) return;
    const key = memoKey(sub);
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  });
  return repeated;
}

/** The names of the variables an expression reads. */
function variableNames(ast: Ast): Set<string> {
  const names = new Set<string>();
  eachSubexpression(ast, (sub) => {
    if (sub.t === 'var') names.add(sub.name);
  });
  return names;
}

/** `normalize-space(.)` or `normalize-space()`. */
function isNormalizedContext(ast: Ast): boolean {
  return (
    ast.t === 'call' &&
    ast.name === 'normalize-space' &&
    (ast.args.length === 0 || (ast.args.length === 1 && ast.args[0]!.t === 'context'))
  );
}

/**
 * An absolute path that reads no focus and no local variable, whose last step is an axis step
 * with one predicate `normalize-space(.) = 'literal'` (either side): its nodes are those of the
 * path without that predicate whose normalized string value is the literal.
 */
function groupable(ast: Ast, scope: Scope): { bare: Ast; literal: string } | undefined {
  if (ast.t !== 'path' || ast.steps.length < 2 || ast.steps[0]!.t !== 'root') return undefined;
  const last = ast.steps[ast.steps.length - 1]!;
  if (last.t !== 'step' || last.preds.length !== 1) return undefined;
  const pred = last.preds[0]!;
  if (pred.t !== 'compare' || pred.kind !== 'general' || pred.op !== 'eq') return undefined;
  const literal = isNormalizedContext(pred.l)
    ? pred.r
    : isNormalizedContext(pred.r)
      ? pred.l
      : undefined;
  if (literal?.t !== 'literal' || typeof literal.value !== 'string') return undefined;
  if (!focusFree(ast, scope)) return undefined;
  return {
    bare: { t: 'path', steps: [...ast.steps.slice(0, -1), { ...last, preds: [] }] },
    literal: literal.value,
  };
}

export class Compiler {
  /** The costly sub-expressions the check being compiled spells more than once (by memoKey). */
  private repeated: Set<string> | undefined;
  /** Per repeated sub-expression and the local slots it reads: its id in Run.repeats. */
  private repeatIds = new Map<string, number>();

  /**
   * A check's test. A costly sub-expression it spells twice (BR-S-08 compares the same three
   * sums with the taxable amount - 1 and + 1) is computed once: each place remembers the last
   * value of the run with the dynamic context it was computed in (context item, position, size,
   * current(), the values of the local variables it reads), and a place meeting the same context
   * again takes that value. An error is not remembered: the next evaluation raises it again.
   */
  compileCheck(ast: Ast, scope: Scope): (ctx: Ctx) => boolean {
    const repeated = repeatedSubexpressions(ast);
    this.repeated = repeated.size > 0 ? repeated : undefined;
    try {
      return this.compileBoolean(ast, scope);
    } finally {
      this.repeated = undefined;
      this.repeatIds = new Map();
    }
  }

  compile(ast: Ast, scope: Scope): Fn {
    const repeated = this.repeated;
    if (repeated !== undefined && isCostly(ast)) {
      const key = memoKey(ast);
      if (repeated.has(key)) return this.computedOnce(key, ast, this.compileAny(ast, scope), scope);
    }
    return this.compileAny(ast, scope);
  }

  private computedOnce(key: string, ast: Ast, fn: Fn, scope: Scope): Fn {
    const slots: number[] = [];
    for (const name of variableNames(ast)) {
      const slot = scope.lookup(name);
      if (slot !== undefined) slots.push(slot);
    }
    // The places that spell it in one check, reading the same slots, share one id.
    const group = `${slots.join(',')} ${key}`;
    let id = this.repeatIds.get(group);
    if (id === undefined) {
      id = REPEAT_IDS.count++;
      this.repeatIds.set(group, id);
    }
    return (ctx) => {
      const memos = (ctx.run.repeats ??= []);
      const last = memos[id];
      if (
        last !== undefined &&
        last.ctx === ctx &&
        last.item === ctx.item &&
        last.pos === ctx.pos &&
        last.size === ctx.size &&
        last.current === ctx.current
      ) {
        let same = true;
        for (let i = 0; i < slots.length; i++) {
          if (last.locals[i] !== ctx.env[slots[i]!]) {
            same = false;
            break;
          }
        }
        if (same) return last.value;
      }
      const value = fn(ctx);
      memos[id] = {
        ctx,
        item: ctx.item,
        pos: ctx.pos,
        size: ctx.size,
        current: ctx.current,
        locals: slots.map((slot) => ctx.env[slot]),
        value,
      };
      return value;
    };
  }

  private compileAny(ast: Ast, scope: Scope): Fn {
    switch (ast.t) {
      case 'literal': {
        const result: Seq = [ast.value];
        return () => result;
      }
      case 'context':
        return (ctx) => {
          if (ctx.item === undefined)
            throw new XPathError('XPDY0002', 'the context item is absent');
          return [ctx.item];
        };
      case 'root':
        return (ctx) => {
          const item = ctx.item;
          if (item === undefined) throw new XPathError('XPDY0002', 'the context item is absent');
          if (!isNode(item)) throw new XPathError('XPTY0020', 'the context item is not a node');
          const root = rootOf(item);
          if (root.kind !== 'document')
            throw new XPathError('XPDY0050', 'the root is not a document node');
          return [root];
        };
      case 'var':
        return this.variable(ast.name, scope);
      case 'seq': {
        const items = ast.items.map((item) => this.compile(item, scope));
        if (items.length === 0) return () => EMPTY;
        if (items.length === 1) return items[0]!;
        return (ctx) => {
          const out: Item[] = [];
          for (const item of items) for (const value of item(ctx)) out.push(value);
          return out;
        };
      }
      case 'or':
      case 'and':
      case 'call':
        if (ast.t !== 'call' || ['not', 'exists', 'empty', 'boolean'].includes(ast.name)) {
          const test = this.compileBoolean(ast, scope);
          return (ctx) => bool(test(ctx));
        }
        return this.call(ast.name, ast.args, scope);
      case 'compare':
        return this.comparison(
          ast.kind,
          ast.op,
          this.compile(ast.l, scope),
          this.compile(ast.r, scope),
        );
      case 'arith': {
        const l = this.compile(ast.l, scope);
        const r = this.compile(ast.r, scope);
        const op = ast.op as ArithOp;
        const [first, second] = operandNames(op);
        return (ctx) => {
          const a = atomizeOpt(l(ctx), first);
          if (a === undefined) return EMPTY;
          const b = atomizeOpt(r(ctx), second);
          if (b === undefined) return EMPTY;
          return [arithmetic(a, b, op)];
        };
      }
      case 'neg': {
        const e = this.compile(ast.e, scope);
        return (ctx) => {
          const a = atomizeOpt(e(ctx), 'the operand of unary minus');
          return a === undefined ? EMPTY : [negate(a)];
        };
      }
      case 'range': {
        const l = this.compile(ast.l, scope);
        const r = this.compile(ast.r, scope);
        return (ctx) => {
          const a = atomizeOpt(l(ctx), "the first operand of 'to'");
          if (a === undefined) return EMPTY;
          const b = atomizeOpt(r(ctx), "the second operand of 'to'");
          if (b === undefined) return EMPTY;
          const from = integerOperand(a);
          const to = integerOperand(b);
          if (to - from > 10_000_000n) throw new XPathError('XPDY0130', 'range too large');
          const out: Item[] = [];
          for (let i = from; i <= to; i++) out.push(i);
          return out;
        };
      }
      case 'union':
      case 'intersect':
      case 'except': {
        const l = this.compile(ast.l, scope);
        const r = this.compile(ast.r, scope);
        const kind = ast.t;
        return (ctx) => {
          const a = nodesOnly(l(ctx), kind);
          const b = nodesOnly(r(ctx), kind);
          if (kind === 'union') return sortDocOrder([...a, ...b]);
          const set = new Set(b);
          return sortDocOrder(
            a.filter((node) => (kind === 'intersect' ? set.has(node) : !set.has(node))),
          );
        };
      }
      case 'if': {
        const test = this.compileBoolean(ast.c, scope);
        const a = this.compile(ast.a, scope);
        const b = this.compile(ast.b, scope);
        return (ctx) => (test(ctx) ? a(ctx) : b(ctx));
      }
      case 'for':
      case 'some':
      case 'every': {
        // some $v in S satisfies X = $v (X not using $v) is S non-empty and X = S.
        const body = ast.body;
        const [binding] = ast.bindings;
        if (
          ast.t === 'some' &&
          ast.bindings.length === 1 &&
          body.t === 'compare' &&
          body.kind === 'general' &&
          body.op === 'eq' &&
          binding
        ) {
          const [name, sequence] = binding;
          const isVar = (e: Ast): boolean => e.t === 'var' && e.name === name;
          const other = isVar(body.r) ? body.l : isVar(body.l) ? body.r : undefined;
          if (other && !usesVariable(other, name)) {
            const seq = this.compile(sequence, scope);
            const x = this.compile(other, scope);
            const compare = this.comparison('general', 'eq', x, (ctx) => seq(ctx));
            return (ctx) => (seq(ctx).length === 0 ? FALSE : compare(ctx));
          }
        }
        return this.quantified(ast.t, ast.bindings, ast.body, scope);
      }
      case 'cast':
      case 'castable': {
        const e = this.compile(ast.e, scope);
        const { type, optional } = ast;
        if (ast.t === 'cast') {
          return (ctx) => {
            const value = atomizeOpt(e(ctx), 'the operand of cast');
            if (value === undefined) {
              if (optional) return EMPTY;
              throw new XPathError(
                'XPTY0004',
                'an empty sequence is not allowed as the operand of cast',
              );
            }
            return [castTo(value, type)];
          };
        }
        return (ctx) => {
          const seq = e(ctx);
          if (seq.length === 0) return [optional];
          if (seq.length > 1) return FALSE;
          try {
            castTo(atomize(seq[0]!), type);
            return TRUE;
          } catch (error) {
            if (error instanceof XPathError) return FALSE;
            throw error;
          }
        };
      }
      case 'instance': {
        const e = this.compile(ast.e, scope);
        const type = ast.type;
        return (ctx) => {
          const seq = e(ctx);
          const n = seq.length;
          const { occurrence, item } = type;
          if (
            (occurrence === '' && n !== 1) ||
            (occurrence === '?' && n > 1) ||
            (occurrence === '+' && n === 0)
          )
            return FALSE;
          if ('empty' in item) return [n === 0];
          if ('any' in item) return TRUE;
          if ('test' in item) {
            const test = compileNodeTest(
              item.test,
              item.test.k === 'attribute' ? 'attribute' : 'child',
            );
            return [seq.every((entry) => isNode(entry) && test(entry))];
          }
          return [
            seq.every(
              (entry) =>
                !isNode(entry) &&
                !(entry instanceof Untyped && item.atomic !== 'untypedAtomic') &&
                matchesAtomic(entry, item.atomic) !== undefined &&
                (item.atomic !== 'double' || typeof entry === 'number'),
            ),
          ];
        };
      }
      case 'path': {
        const grouped = this.groupedPath(ast, scope);
        if (grouped) return grouped;
        const fn = this.path(ast.steps, scope);
        if (ast.steps[0]?.t !== 'root' || !focusFree(ast, scope)) return fn;
        // An absolute path that reads no focus and no local variable has one value per run:
        // computed once, shared by every rule of the run that spells the same path.
        const key = memoKey(ast);
        return (ctx) => {
          const item = ctx.item;
          if (item === undefined || !isNode(item) || rootOf(item) !== ctx.run.doc) return fn(ctx);
          const memo = (ctx.run.memo ??= new Map());
          let value = memo.get(key);
          if (value === undefined) {
            value = fn(ctx);
            memo.set(key, value);
          }
          return value;
        };
      }
      case 'step': {
        const step = this.step(ast, scope);
        return (ctx) => {
          const item = ctx.item;
          if (item === undefined)
            throw new XPathError('XPDY0002', 'the context item is absent for an axis step');
          if (!isNode(item))
            throw new XPathError('XPTY0020', 'the context item for an axis step is not a node');
          return step(item, ctx);
        };
      }
      case 'filter': {
        const e = this.compile(ast.e, scope);
        const [only] = ast.preds;
        if (ast.preds.length === 1 && only && only.t !== 'literal' && isContextFree(only)) {
          // $seq[$i + 1]: a predicate that does not depend on the focus is evaluated once.
          const pred = this.compile(only, scope);
          return (ctx) => {
            const items = e(ctx);
            if (items.length === 0) return EMPTY;
            const value = pred(ctx);
            if (value.length === 1 && !isNode(value[0]!) && isNumericValue(value[0]!)) {
              const position = value[0];
              const index =
                typeof position === 'bigint'
                  ? Number(position)
                  : position instanceof Decimal
                    ? position.isInteger()
                      ? position.toNumber()
                      : NaN
                    : (position as number);
              const item = Number.isInteger(index) ? items[index - 1] : undefined;
              return item === undefined ? EMPTY : [item];
            }
            return ebv(value) ? items : EMPTY;
          };
        }
        const preds = ast.preds.map((pred) => this.predicate(pred, scope));
        return (ctx) => applyPredicates(e(ctx), preds, ctx);
      }
    }
  }

  /**
   * An expression's effective boolean value, without building sequences where it can: `and`/`or`
   * short-circuit, not()/exists()/empty()/boolean() of a path of child and attribute name steps
   * stop at the first node found.
   */
  compileBoolean(ast: Ast, scope: Scope): (ctx: Ctx) => boolean {
    if (ast.t === 'or' || ast.t === 'and') {
      const l = this.compileBoolean(ast.l, scope);
      const r = this.compileBoolean(ast.r, scope);
      return ast.t === 'or' ? (ctx) => l(ctx) || r(ctx) : (ctx) => l(ctx) && r(ctx);
    }
    if (
      ast.t === 'call' &&
      ast.args.length === 1 &&
      ['not', 'exists', 'empty', 'boolean'].includes(ast.name)
    ) {
      const name = ast.name;
      const arg = ast.args[0]!;
      const exists = simpleExists(arg);
      if (exists) {
        if (name === 'not' || name === 'empty') return (ctx) => !exists(ctx);
        return exists;
      }
      if (name === 'not') {
        const inner = this.compileBoolean(arg, scope);
        return (ctx) => !inner(ctx);
      }
      if (name === 'boolean') return this.compileBoolean(arg, scope);
      const some = this.someFiltered(arg, scope);
      if (some) return name === 'exists' ? some : (ctx) => !some(ctx);
      const fn = this.compile(arg, scope);
      return name === 'exists' ? (ctx) => fn(ctx).length > 0 : (ctx) => fn(ctx).length === 0;
    }
    // normalize-space(x) != '' (or = ''): whether x has a non-blank.
    if (
      ast.t === 'compare' &&
      ast.kind !== 'node' &&
      (ast.op === 'ne' || ast.op === 'eq') &&
      ast.r.t === 'literal' &&
      ast.r.value === '' &&
      ast.l.t === 'call' &&
      ast.l.name === 'normalize-space' &&
      ast.l.args.length <= 1
    ) {
      const nonBlank = this.compileBoolean(ast.l, scope);
      return ast.op === 'ne' ? nonBlank : (ctx) => !nonBlank(ctx);
    }
    const exists = simpleExists(ast);
    if (exists) return exists;
    const fn = ast.t === 'call' ? this.call(ast.name, ast.args, scope) : this.compile(ast, scope);
    const general = (ctx: Ctx): boolean => ebv(fn(ctx));
    // normalize-space() of a node as a boolean: whether its string value has a non-blank.
    if (ast.t === 'call' && ast.name === 'normalize-space' && ast.args.length <= 1) {
      const arg = ast.args.length ? this.compile(ast.args[0]!, scope) : undefined;
      return (ctx) => {
        if (!arg) {
          const item = ctx.item;
          return item !== undefined && isNode(item) ? hasNonBlank(stringValue(item)) : general(ctx);
        }
        const seq = arg(ctx);
        if (seq.length === 0) return false;
        const item = seq[0]!;
        if (seq.length === 1 && isNode(item)) return hasNonBlank(stringValue(item));
        return general(ctx);
      };
    }
    // ends-with(name() or local-name(), 'suffix') of an element or attribute: its local name.
    if (ast.t === 'call' && ast.name === 'ends-with' && ast.args.length === 2) {
      const [nameCall, suffix] = ast.args as [Ast, Ast];
      if (
        nameCall.t === 'call' &&
        (nameCall.name === 'name' || nameCall.name === 'local-name') &&
        nameCall.args.length === 0 &&
        suffix.t === 'literal' &&
        typeof suffix.value === 'string' &&
        suffix.value !== '' &&
        !suffix.value.includes(':')
      ) {
        const text = suffix.value;
        return (ctx) => {
          const item = ctx.item;
          if (
            item !== undefined &&
            isNode(item) &&
            (item.kind === 'element' || item.kind === 'attribute')
          )
            return item.local.endsWith(text);
          return general(ctx);
        };
      }
    }
    return general;
  }

  private variable(name: string, scope: Scope): Fn {
    const slot = scope.lookup(name);
    if (slot !== undefined) {
      return (ctx) => {
        const value = ctx.env[slot];
        if (value instanceof Lazy) return value.get();
        if (value === undefined) throw new XPathError('XPDY0002', `variable $${name} has no value`);
        return value;
      };
    }
    const index = scope.env.global(name);
    if (index === undefined) throw new XPathError('XPST0008', `variable $${name} is not declared`);
    return (ctx) => {
      const lazy = ctx.run.globals[index];
      if (!lazy) throw new XPathError('XPDY0002', `global variable $${name} is not initialised`);
      return lazy.get();
    };
  }

  private comparison(kind: string, op: string, l: Fn, r: Fn): Fn {
    if (kind === 'general') {
      const cop = op as CompareOp;
      return (ctx) => {
        const a = l(ctx);
        if (a.length === 0) return FALSE;
        const b = r(ctx);
        if (b.length === 0) return FALSE;
        if (a.length === 1 && b.length === 1) return bool(pair(a[0]!, b[0]!, cop));
        if (cop === 'eq' && b.length > 8) {
          const set = stringSet(b);
          if (set) {
            let allText = true;
            for (const x of a)
              if (!(isNode(x) || typeof x === 'string' || x instanceof Untyped)) allText = false;
            if (allText) {
              for (const x of a)
                if (
                  set.has(
                    isNode(x) ? stringValue(x) : typeof x === 'string' ? x : (x as Untyped).value,
                  )
                )
                  return TRUE;
              return FALSE;
            }
          }
        }
        const bs = b.map(atomize);
        for (const x of a) {
          const av = atomize(x);
          for (const bv of bs) if (generalPair(av, bv, cop)) return TRUE;
        }
        return FALSE;
      };
    }
    if (kind === 'value') {
      const cop = op as CompareOp;
      const [first, second] = operandNames(op);
      return (ctx) => {
        const a = atomizeOpt(l(ctx), first);
        if (a === undefined) return EMPTY;
        const b = atomizeOpt(r(ctx), second);
        if (b === undefined) return EMPTY;
        return [
          compareValues(
            a instanceof Untyped ? a.value : a,
            b instanceof Untyped ? b.value : b,
            cop,
          ),
        ];
      };
    }
    return (ctx) => {
      const a = l(ctx);
      const b = r(ctx);
      if (a.length === 0 || b.length === 0) return EMPTY;
      if (a.length > 1 || b.length > 1 || !isNode(a[0]!) || !isNode(b[0]!))
        throw new XPathError('XPTY0004', `operands of '${op}' must be single nodes`);
      const x = a[0] as XNode;
      const y = b[0] as XNode;
      return [op === 'is' ? x === y : op === '<<' ? x.order < y.order : x.order > y.order];
    };
  }

  private quantified(
    kind: 'for' | 'some' | 'every',
    bindings: Array<[string, Ast]>,
    body: Ast,
    scope: Scope,
  ): Fn {
    const inner = scope.child();
    const compiled: Array<{ slot: number; fn: Fn }> = [];
    let current = scope;
    for (const [name, expr] of bindings) {
      const fn = this.compile(expr, current === scope ? scope : inner);
      const slot = inner.declare(name);
      compiled.push({ slot, fn });
      current = inner;
    }
    const bodyFn = this.compile(body, inner);
    const loop = (ctx: Ctx, level: number, out: Item[]): boolean | undefined => {
      const { slot, fn } = compiled[level]!;
      const seq = fn(ctx);
      for (const item of seq) {
        ctx.env[slot] = [item];
        if (level + 1 < compiled.length) {
          const stop = loop(ctx, level + 1, out);
          if (stop !== undefined) return stop;
        } else if (kind === 'for') {
          for (const value of bodyFn(ctx)) out.push(value);
        } else {
          const result = ebv(bodyFn(ctx));
          if (kind === 'some' && result) return true;
          if (kind === 'every' && !result) return false;
        }
      }
      return undefined;
    };
    return (ctx) => {
      const out: Item[] = [];
      const stop = loop(ctx, 0, out);
      if (kind === 'for') return out;
      return [stop ?? kind === 'every'];
    };
  }

  /**
   * `//cac:ClassifiedTaxCategory[…]/cbc:ID[normalize-space(.) = 'AE']` (see groupable): the
   * path without its last predicate is computed once per run (an absolute path, see compileAny),
   * its nodes grouped once by their normalized string value; each literal then reads its group
   * (in document order, as the filter keeps them). The VAT category rules spell the same path for
   * each category code: the groups are built once for all of them.
   */
  private groupedPath(ast: Extract<Ast, { t: 'path' }>, scope: Scope): Fn | undefined {
    const grouping = groupable(ast, scope);
    if (!grouping) return undefined;
    const general = this.path(ast.steps, scope);
    const candidates = this.compile(grouping.bare, scope);
    const key = memoKey(grouping.bare);
    const literal = grouping.literal;
    return (ctx) => {
      const item = ctx.item;
      if (item === undefined || !isNode(item) || rootOf(item) !== ctx.run.doc) return general(ctx);
      const groups = (ctx.run.groups ??= new Map());
      let byValue = groups.get(key);
      if (byValue === undefined) {
        byValue = new Map();
        for (const node of candidates(ctx) as XNode[]) {
          const value = normalizeSpace(stringValue(node));
          const list = byValue.get(value);
          if (list) list.push(node);
          else byValue.set(value, [node]);
        }
        groups.set(key, byValue);
      }
      return byValue.get(literal) ?? EMPTY;
    };
  }

  /**
   * `exists(//cac:InvoiceLine[p][q])`, predicates boolean and not positional: whether a node
   * passes them all, tried node by node in document order up to the first that does, without
   * building the filtered sequence (as Saxon, which evaluates exists() lazily).
   */
  private someFiltered(ast: Ast, scope: Scope): ((ctx: Ctx) => boolean) | undefined {
    const last = ast.t === 'path' ? ast.steps[ast.steps.length - 1] : ast;
    if (last?.t !== 'step' || last.preds.length === 0) return undefined;
    if (groupable(ast, scope)) return undefined;
    if (
      !last.preds.every(
        (pred) =>
          !isPositionalPredicate(pred) && isBooleanValued(pred) && !containsPositionCall(pred),
      )
    )
      return undefined;
    const tests = last.preds.map((pred) => this.predicate(pred, scope).test);
    if (!tests.every((test) => test !== undefined)) return undefined;
    const bare: Ast = { ...last, preds: [] };
    const candidates = this.compile(
      ast.t === 'path' ? { t: 'path', steps: [...ast.steps.slice(0, -1), bare] } : bare,
      scope,
    );
    return (ctx) => {
      const nodes = candidates(ctx);
      const size = nodes.length;
      if (size === 0) return false;
      const itemCtx = itemContext(ctx, size);
      next: for (let i = 0; i < size; i++) {
        itemCtx.item = nodes[i];
        itemCtx.pos = i + 1;
        for (let t = 0; t < tests.length; t++) if (!tests[t]!(itemCtx)) continue next;
        return true;
      }
      return false;
    };
  }

  predicate(ast: Ast, scope: Scope): Pred {
    if (ast.t === 'literal' && typeof ast.value === 'bigint') {
      return { fn: () => EMPTY, literalPosition: Number(ast.value), positional: true };
    }
    const positional = isPositionalPredicate(ast);
    const fn = this.compile(ast, scope);
    let test = !positional && isBooleanValued(ast) ? this.compileBoolean(ast, scope) : undefined;
    if (test && !simpleExists(ast) && focusFree(ast, scope)) test = memoizedPredicate(ast, test);
    return { fn, positional, test };
  }

  /** An axis step as (node, ctx) → nodes in document order. */
  private step(ast: Extract<Ast, { t: 'step' }>, scope: Scope): (node: XNode, ctx: Ctx) => Seq {
    const { axis } = ast;
    const test = compileNodeTest(ast.test, axis);
    const preds = ast.preds.map((pred) => this.predicate(pred, scope));
    const reverse = REVERSE_AXES.has(axis);
    let select: (node: XNode, ctx: Ctx) => XNode[] = (node) => axisNodes(node, axis, test);
    if (axis === 'descendant-attribute') {
      const nameTest =
        ast.test.k !== 'name'
          ? undefined
          : ast.test.ns === ''
            ? ast.test.local
            : `{${ast.test.ns}}${ast.test.local}`;
      const attributeTest = compileNodeTest(ast.test, 'attribute');
      select = (node, ctx) => {
        if (nameTest !== undefined)
          return inSubtree(attributesByName(ctx.run).get(nameTest) ?? [], node);
        const out: XNode[] = [];
        for (const list of attributesByName(ctx.run).values()) {
          for (const attribute of inSubtree(list, node))
            if (attributeTest(attribute)) out.push(attribute);
        }
        return sortDocOrder(out);
      };
    }
    if (axis === 'child' && ast.test.k === 'name') {
      const { ns, local } = ast.test;
      select = (node, ctx) => {
        if (node.kind !== 'element')
          return node.kind === 'document' ? axisNodes(node, axis, test) : NO_NODES;
        const children = node.children;
        if (children.length >= 64) return namedChildren(node, ns, local, ctx.run);
        // Mostly one: an array of one (an array grown by push has room for 17).
        let first: XNode | undefined;
        let out: XNode[] | undefined;
        for (let i = 0; i < children.length; i++) {
          const child = children[i]!;
          if (child.kind === 'element' && child.local === local && child.ns === ns) {
            if (first === undefined) first = child;
            else (out ??= [first]).push(child);
          }
        }
        return out ?? (first === undefined ? NO_NODES : [first]);
      };
    }
    if ((axis === 'descendant' || axis === 'descendant-or-self') && ast.test.k === 'name') {
      const { ns, local } = ast.test;
      const orSelf = axis === 'descendant-or-self';
      select = (node, ctx) => namedDescendants(node, ns, local, orSelf, ctx.run);
    }
    if ((axis === 'preceding' || axis === 'following') && ast.test.k === 'name') {
      // From the name index: the named elements before the node (not its ancestors), nearest
      // first, or after its subtree, in document order.
      const { ns, local } = ast.test;
      const preceding = axis === 'preceding';
      select = (node, ctx) => {
        if (rootOf(node) !== ctx.run.doc) return axisNodes(node, axis, test);
        const list = elementsByName(ctx.run).get(local)?.get(ns);
        if (!list) return NO_NODES;
        const out: XNode[] = [];
        if (preceding) {
          const start = node.kind === 'attribute' ? node.parent.order : node.order;
          for (let i = list.length - 1; i >= 0; i--) {
            const candidate = list[i]!;
            if (candidate.order < start && lastDescendantOrder(candidate) < start)
              out.push(candidate);
          }
        } else {
          const after = lastDescendantOrder(node);
          for (const candidate of list) if (candidate.order > after) out.push(candidate);
        }
        return out;
      };
    }
    if (preds.length === 0) {
      if (!reverse) return select;
      return (node, ctx) => select(node, ctx).reverse();
    }
    return (node, ctx) => {
      const selected = applyPredicates(select(node, ctx), preds, ctx);
      return reverse ? [...selected].reverse() : selected;
    };
  }

  private path(input: Ast[], scope: Scope): Fn {
    // descendant-or-self::node()/child::X[p] is descendant::X[p] when no predicate is positional.
    const steps: Ast[] = [];
    for (let i = 0; i < input.length; i++) {
      const step = input[i]!;
      const next = input[i + 1];
      if (
        step.t === 'step' &&
        step.axis === 'descendant-or-self' &&
        step.test.k === 'node' &&
        step.preds.length === 0 &&
        next?.t === 'step' &&
        (next.axis === 'child' || next.axis === 'attribute') &&
        next.preds.every((pred) => !isPositionalPredicate(pred)) &&
        i > 0
      ) {
        steps.push({
          ...next,
          axis: next.axis === 'child' ? 'descendant' : 'descendant-attribute',
        });
        i++;
        continue;
      }
      // descendant-or-self::node()/(a | b) with simple child steps: (descendant::a | descendant::b).
      if (
        step.t === 'step' &&
        step.axis === 'descendant-or-self' &&
        step.test.k === 'node' &&
        step.preds.length === 0 &&
        next?.t === 'seq' &&
        next.items.length === 1 &&
        i > 0
      ) {
        const rewritten = toDescendantUnion(next.items[0]!);
        if (rewritten) {
          steps.push(rewritten);
          i++;
          continue;
        }
      }
      steps.push(step);
    }
    if (steps.length === 1) return this.compile(steps[0]!, scope);
    const first = steps[0]!;
    const head = this.compile(first, scope);
    type Next =
      | { axis: true; fn: (node: XNode, ctx: Ctx) => Seq; childLike: boolean }
      | { axis: false; fn: Fn };
    const rest: Next[] = steps.slice(1).map((step) =>
      step.t === 'step'
        ? {
            axis: true,
            fn: this.step(step, scope),
            childLike: step.axis === 'child' || step.axis === 'attribute' || step.axis === 'self',
          }
        : { axis: false, fn: this.compile(step, scope) },
    );
    return (ctx) => {
      let current = head(ctx);
      for (const next of rest) {
        if (current.length === 0) return EMPTY;
        if (next.axis) {
          if (current.length === 1) {
            const node = current[0]!;
            if (!isNode(node))
              throw new XPathError('XPTY0019', 'a path step applied to an atomic value');
            current = next.fn(node, ctx);
            continue;
          }
          const out: XNode[] = [];
          for (const node of current) {
            if (!isNode(node))
              throw new XPathError('XPTY0019', 'a path step applied to an atomic value');
            for (const found of next.fn(node, ctx)) out.push(found as XNode);
          }
          current = next.childLike ? sortDocOrder(out) : sortDocOrder(out);
          continue;
        }
        const out: Item[] = [];
        let nodes = 0;
        const size = current.length;
        for (let i = 0; i < size; i++) {
          const item = current[i]!;
          if (!isNode(item))
            throw new XPathError('XPTY0019', 'a path step applied to an atomic value');
          for (const value of next.fn({
            item,
            pos: i + 1,
            size,
            env: ctx.env,
            run: ctx.run,
            current: ctx.current,
          })) {
            if (isNode(value)) nodes++;
            out.push(value);
          }
        }
        if (nodes === 0) current = out;
        else if (nodes === out.length) current = sortDocOrder(out as XNode[]);
        else
          throw new XPathError(
            'XPTY0018',
            'the last step of a path returns both nodes and atomic values',
          );
      }
      return current;
    };
  }

  private call(name: string, argAsts: Ast[], scope: Scope): Fn {
    const args = argAsts.map((arg) => this.compile(arg, scope));
    if (name.startsWith('{')) {
      const close = name.indexOf('}');
      const uri = name.slice(1, close);
      const local = name.slice(close + 1);
      if (uri === XS_NS) {
        if (args.length !== 1) throw new XPathError('XPST0017', `xs:${local} takes one argument`);
        const type = (
          {
            string: 'string',
            integer: 'integer',
            decimal: 'decimal',
            double: 'double',
            boolean: 'boolean',
            date: 'date',
            untypedAtomic: 'untypedAtomic',
          } as Record<string, AtomicTypeName>
        )[local];
        if (!type) throw new XPathError('XPST0017', `unsupported constructor xs:${local}`);
        const arg = args[0]!;
        const what = `the argument of xs:${local}()`;
        return (ctx) => {
          const value = atomizeOpt(arg(ctx), what);
          return value === undefined ? EMPTY : [castTo(value, type)];
        };
      }
      const fn = scope.env.userFunction(name, args.length);
      if (!fn) throw new XPathError('XPST0017', `unknown function ${name}#${args.length}`);
      return (ctx) => {
        if (ctx.run.depth > 2000) throw new XPathError('XTDE0000', 'function recursion too deep');
        ctx.run.depth++;
        try {
          const values = new Array<Seq>(args.length);
          for (let i = 0; i < args.length; i++) values[i] = args[i]!(ctx);
          return fn.call(ctx, values);
        } finally {
          ctx.run.depth--;
        }
      };
    }
    const arity = BUILTIN_ARITY[name];
    if (!arity) throw new XPathError('XPST0017', `unknown function ${name}()`);
    if (args.length < arity[0] || args.length > arity[1])
      throw new XPathError('XPST0017', `${name}() does not take ${args.length} arguments`);
    if (name === 'key') {
      const [keyName, value] = args as [Fn, Fn];
      return (ctx) => this.key(ctx, keyName, value, scope.env);
    }
    // The switch in callBuiltin compares an interned name by identity.
    const builtin = INTERNED_NAMES.get(name) ?? name;
    // contains('<long constant list>', X): the answer per X is remembered (code-list checks).
    const haystack = argAsts[0];
    if (
      name === 'contains' &&
      haystack?.t === 'literal' &&
      typeof haystack.value === 'string' &&
      haystack.value.length > 64
    ) {
      const answers = new Map<Item, Seq>();
      const needle = args[1]!;
      return (ctx) => {
        const seq = needle(ctx);
        const key = seq.length === 1 && typeof seq[0] === 'string' ? seq[0] : undefined;
        if (key === undefined) return callBuiltin(builtin, args, ctx);
        let answer = answers.get(key);
        if (answer === undefined) {
          answer = callBuiltin(builtin, [args[0]!, () => seq], ctx);
          if (answers.size < 4096) answers.set(key, answer);
        }
        return answer;
      };
    }
    return (ctx) => callBuiltin(builtin, args, ctx);
  }

  private key(ctx: Ctx, nameFn: Fn, valueFn: Fn, env: StaticEnv): Seq {
    const keyName = atomizeOpt(nameFn(ctx), 'the key name');
    const def =
      keyName === undefined
        ? undefined
        : env.key(String(keyName instanceof Untyped ? keyName.value : keyName));
    if (!def) throw new XPathError('XTDE1260', `unknown key ${String(keyName)}`);
    let index = ctx.run.keys.get(def.name);
    if (!index) {
      index = new Map();
      const doc = ctx.run.doc;
      const all: XNode[] = [doc];
      pushDescendants(doc, (node) => node.kind === 'element', all);
      const withAttributes: XNode[] = [];
      for (const node of all) {
        withAttributes.push(node);
        if (node.kind === 'element')
          for (const attribute of node.attrs) withAttributes.push(attribute);
      }
      for (const node of withAttributes) {
        if (!def.match(node, ctx.run)) continue;
        const values = def.use({
          item: node,
          pos: 1,
          size: 1,
          env: [],
          run: ctx.run,
          current: node,
        });
        const seen = new Set<string>();
        for (const value of values) {
          const text = atomicKey(atomize(value));
          if (seen.has(text)) continue;
          seen.add(text);
          const list = index.get(text);
          if (list) list.push(node);
          else index.set(text, [node]);
        }
      }
      ctx.run.keys.set(def.name, index);
    }
    const out: XNode[] = [];
    for (const value of valueFn(ctx)) {
      const hits = index.get(atomicKey(atomize(value)));
      if (hits) out.push(...hits);
    }
    return sortDocOrder(out);
  }
}

function atomicKey(value: Atomic): string {
  if (value instanceof Untyped) return value.value;
  if (typeof value === 'string') return value;
  return `\u0000${castTo(value, 'string') as string}`;
}

const isNumericValue = (item: Item): boolean =>
  typeof item === 'number' || typeof item === 'bigint' || item instanceof Decimal;

const FOCUS_FUNCTIONS = new Set(['position', 'last', 'current', 'key']);
const FOCUS_WHEN_NO_ARGS = new Set([
  'string',
  'number',
  'normalize-space',
  'string-length',
  'name',
  'local-name',
  'namespace-uri',
  'root',
]);

/** Whether an expression's value does not depend on the focus (context item, position, size). */
export function isContextFree(ast: Ast): boolean {
  switch (ast.t) {
    case 'literal':
    case 'var':
      return true;
    case 'context':
    case 'root':
    case 'path':
    case 'step':
    case 'filter':
    case 'instance':
      return false;
    case 'call':
      if (FOCUS_FUNCTIONS.has(ast.name) || ast.name.startsWith('{')) return false;
      if (ast.args.length === 0 && FOCUS_WHEN_NO_ARGS.has(ast.name)) return false;
      return ast.args.every(isContextFree);
    case 'seq':
      return ast.items.every(isContextFree);
    case 'or':
    case 'and':
    case 'compare':
    case 'arith':
    case 'range':
    case 'union':
    case 'intersect':
    case 'except':
      return isContextFree(ast.l) && isContextFree(ast.r);
    case 'neg':
    case 'cast':
    case 'castable':
      return isContextFree(ast.e);
    case 'if':
      return isContextFree(ast.c) && isContextFree(ast.a) && isContextFree(ast.b);
    case 'for':
    case 'some':
    case 'every':
      return ast.bindings.every(([, e]) => isContextFree(e)) && isContextFree(ast.body);
  }
}

const STRING_SETS = new WeakMap<Seq, Set<string> | null>();

/** The items of a sequence of strings as a set (memoized per sequence), or null if any is not a string. */
function stringSet(seq: Seq): Set<string> | null {
  let set = STRING_SETS.get(seq);
  if (set === undefined) {
    set = seq.every((item) => typeof item === 'string') ? new Set(seq as string[]) : null;
    STRING_SETS.set(seq, set);
  }
  return set;
}

function usesVariable(ast: Ast, name: string): boolean {
  if (ast.t === 'var') return ast.name === name;
  for (const value of Object.values(ast)) {
    if (Array.isArray(value)) {
      for (const entry of value) {
        if (Array.isArray(entry)) {
          if (
            entry.some(
              (e) => e && typeof e === 'object' && 't' in e && usesVariable(e as Ast, name),
            )
          )
            return true;
        } else if (
          entry &&
          typeof entry === 'object' &&
          't' in entry &&
          usesVariable(entry as Ast, name)
        )
          return true;
      }
    } else if (
      value &&
      typeof value === 'object' &&
      't' in value &&
      usesVariable(value as Ast, name)
    )
      return true;
  }
  return false;
}

/** One pair of a general comparison; a node against a string compares its string value. */
function pair(x: Item, y: Item, op: CompareOp): boolean {
  if (typeof y === 'string' && isNode(x)) return compareValues(stringValue(x), y, op);
  if (typeof x === 'string' && isNode(y)) return compareValues(x, stringValue(y), op);
  return generalPair(atomize(x), atomize(y), op);
}

function integerOperand(value: Atomic): bigint {
  if (value instanceof Untyped) return toInteger(value);
  if (typeof value === 'bigint') return value;
  throw new XPathError('XPTY0004', "the operands of 'to' must be integers");
}

function nodesOnly(seq: Seq, op: string): XNode[] {
  for (const item of seq)
    if (!isNode(item)) throw new XPathError('XPTY0004', `the operands of '${op}' must be nodes`);
  return seq as XNode[];
}

export type { XAttribute };

/** Parses and compiles an expression in a scope. */
export function compileXPath(text: string, scope: Scope, compiler = new Compiler()): Fn {
  return compiler.compile(parseXPath(text, scope.env.ns), scope);
}
