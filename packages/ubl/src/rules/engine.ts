/**
 * The schematron rule engine: runs a generated rule set over the one parsed tree exactly as the
 * ISO skeleton's XSLT runs on Saxon-HE:
 * - each pattern is a mode started at the document node; the traversal is `apply-templates
 *   select="@*|*"` from every node (attributes before child elements), also below a fired rule;
 * - per node, only the first rule of the pattern whose context matches fires (priorities descend
 *   in document order);
 * - asserts and reports are evaluated in order; locations use the skeleton's
 *   `schematron-select-full-path` mode;
 * - schema `let`s are global params, pattern `let`s global variables, rule `let`s local
 *   variables: all lazy, so an error in an unused one never aborts;
 * - an XPath dynamic error aborts the whole run (`error`), as Saxon aborts the transformation.
 */
import type { XAttribute, XDocument, XElement, XNode } from '../tree/node.ts';
import {
  applyPredicates,
  Compiler,
  compileNodeTest,
  convertToType,
  isContextFree,
  Lazy,
  Scope,
  type Ctx,
  type Fn,
  type KeyDef,
  type Pred,
  type Run,
  type StaticEnv,
  type UserFunction,
} from '../xpath/compile.ts';
import {
  expandName,
  parseSequenceType,
  parseXPath,
  type Ast,
  type Namespaces,
  type SequenceType,
} from '../xpath/parser.ts';
import {
  atomicToString,
  atomize,
  ebv,
  isNode,
  Untyped,
  XPathError,
  type Item,
  type Seq,
} from '../xpath/values.ts';
import type { FnInstruction, MessagePart, SchematronModel } from '../schematron/read.ts';

/** A generated rule set: the schematron model plus its identity. */
export interface RuleSetSource extends SchematronModel {
  id: string;
}

export interface EngineFinding {
  id: string;
  flag: string;
  message: string;
  location: string;
  node: XNode;
  kind: 'assert' | 'report';
}

export interface EngineResult {
  findings: EngineFinding[];
  error?: { code: string; message: string };
}

// ---------------------------------------------------------------------------------------------
// Match patterns

type Matcher = (node: XNode, run: Run) => boolean;

interface Alternative {
  match: Matcher;
  /** Index key of the last step: 'e:{ns}local', 'a:{ns}local', 'e*', 'a*', 'doc' or 'any'. */
  key: string;
  /**
   * The pattern without its predicates: it reads only the kinds and names of the node and its
   * ancestors, so its answer is the same for every node at the same path of names. A node it
   * rejects fails `match`.
   */
  structure: (node: XNode) => boolean;
  /** No predicate: `match` is `structure`. */
  exact: boolean;
}

function stepKey(step: Extract<Ast, { t: 'step' }>): string {
  const principal = step.axis === 'attribute' ? 'a' : 'e';
  const test = step.test;
  if (test.k === 'name') return `${principal}:{${test.ns}}${test.local}`;
  if (test.k === 'any') return `${principal}*`;
  if ((test.k === 'element' || test.k === 'attribute') && !test.name)
    return `${test.k === 'element' ? 'e' : 'a'}*`;
  return 'any';
}

function compilePattern(
  source: string | Ast,
  scope: Scope,
  compiler: Compiler,
  text = typeof source === 'string' ? source : '',
): Alternative[] {
  const ast = typeof source === 'string' ? parseXPath(source, scope.env.ns) : source;
  const alternatives: Ast[] = [];
  const collect = (node: Ast): void => {
    if (node.t === 'union') {
      collect(node.l);
      collect(node.r);
    } else alternatives.push(node);
  };
  collect(ast);
  return alternatives.flatMap((alternative) => {
    // XSLT 3.0 pattern `(a | b)[predicate]`: the predicate filters each alternative's node.
    if (
      alternative.t === 'filter' &&
      alternative.e.t === 'seq' &&
      alternative.e.items.length === 1
    ) {
      const inner = compilePattern(alternative.e.items[0]!, scope, compiler, text);
      const preds = alternative.preds.map((pred) => compiler.compile(pred, scope));
      return inner.map(({ key, match, structure }) => ({
        key,
        structure,
        exact: false,
        match: (node: XNode, run: Run) => {
          if (!match(node, run)) return false;
          const ctx: Ctx = {
            item: node,
            pos: 1,
            size: 1,
            env: new Array(scope.frameSize),
            run,
            current: node,
          };
          try {
            return preds.every((pred) => ebv(pred(ctx)));
          } catch (error) {
            if (error instanceof XPathError) return false;
            throw error;
          }
        },
      }));
    }
    return [compileAlternative(alternative, scope, compiler, text)];
  });
}

interface PatternStep {
  axis: 'child' | 'attribute' | 'self';
  test: (node: XNode) => boolean;
  nodeTestAst: Extract<Ast, { t: 'step' }>;
  preds: Pred[];
  /** Whether a predicate is positional (then the step is evaluated from the parent). */
  positional: boolean;
  /** How this step relates to the previous one: '/' parent, '//' ancestor. */
  sep: '/' | '//';
}

/** The frame of predicates that declare no variable (never written). */
const NO_SLOTS: Array<Seq | Lazy | undefined> = [];

function compileAlternative(ast: Ast, scope: Scope, compiler: Compiler, text: string): Alternative {
  if (ast.t === 'root') {
    const isDocument = (node: XNode): boolean => node.kind === 'document';
    return { key: 'doc', match: isDocument, structure: isDocument, exact: true };
  }
  const raw: Ast[] = ast.t === 'path' ? ast.steps : [ast];
  let anchored = false;
  let index = 0;
  if (raw[0]?.t === 'root') {
    anchored = true;
    index = 1;
  }
  const steps: PatternStep[] = [];
  let sep: '/' | '//' = '/';
  for (; index < raw.length; index++) {
    const step = raw[index]!;
    if (step.t !== 'step') throw new XPathError('XTSE0340', `unsupported match pattern: ${text}`);
    if (
      step.axis === 'descendant-or-self' &&
      step.test.k === 'node' &&
      step.preds.length === 0 &&
      index < raw.length - 1
    ) {
      sep = '//';
      continue;
    }
    if (step.axis !== 'child' && step.axis !== 'attribute' && step.axis !== 'self')
      throw new XPathError('XTSE0340', `unsupported axis in match pattern: ${text}`);
    const preds = step.preds.map((pred) => compiler.predicate(pred, scope));
    steps.push({
      axis: step.axis,
      test: compileNodeTest(step.test, step.axis),
      nodeTestAst: step,
      preds,
      positional: preds.some((pred) => pred.positional),
      sep,
    });
    sep = '/';
  }
  if (steps.length === 0) throw new XPathError('XTSE0340', `empty match pattern: ${text}`);
  const last = steps[steps.length - 1]!;
  const frameSize = (): number => scope.frameSize;

  const stepMatches = (step: PatternStep, node: XNode, run: Run): boolean => {
    if (!step.test(node)) return false;
    if (
      step.axis === 'attribute'
        ? node.kind !== 'attribute'
        : node.kind === 'attribute' || node.kind === 'document'
    )
      return false;
    if (step.preds.length === 0) return true;
    const size = frameSize();
    const env = size === 0 ? NO_SLOTS : new Array<Seq | Lazy | undefined>(size);
    if (!step.positional) {
      const ctx: Ctx = { item: node, pos: 1, size: 1, env, run, current: node };
      for (const pred of step.preds)
        if (!(pred.test ? pred.test(ctx) : ebv(pred.fn(ctx)))) return false;
      return true;
    }
    // Positional: evaluate the step from the parent and look for the node.
    const parent = node.kind === 'document' ? undefined : node.parent;
    if (!parent) return false;
    const siblings: XNode[] = [];
    if (step.axis === 'attribute') {
      if (parent.kind === 'element')
        for (const attribute of parent.attrs) if (step.test(attribute)) siblings.push(attribute);
    } else for (const child of parent.children) if (step.test(child)) siblings.push(child);
    const selected = applyPredicates(siblings, step.preds, {
      item: node,
      pos: 1,
      size: 1,
      env,
      run,
      current: node,
    });
    return selected.includes(node);
  };

  const matchFrom = (node: XNode, i: number, run: Run): boolean => {
    const step = steps[i]!;
    if (!stepMatches(step, node, run)) return false;
    const parent = node.kind === 'document' ? undefined : node.parent;
    if (i === 0) {
      if (!anchored) return true;
      if (step.sep === '/') return parent?.kind === 'document';
      return true;
    }
    if (step.sep === '/') return parent !== undefined && matchFrom(parent, i - 1, run);
    for (
      let ancestor: XNode | undefined = parent;
      ancestor;
      ancestor = ancestor.kind === 'document' ? undefined : ancestor.parent
    ) {
      if (matchFrom(ancestor, i - 1, run)) return true;
    }
    return false;
  };
  // The names and kinds alone: a node that fails them fails whatever the predicates say.
  const structureFrom = (node: XNode, i: number): boolean => {
    const step = steps[i]!;
    if (!step.test(node)) return false;
    if (
      step.axis === 'attribute'
        ? node.kind !== 'attribute'
        : node.kind === 'attribute' || node.kind === 'document'
    )
      return false;
    const parent = node.kind === 'document' ? undefined : node.parent;
    if (i === 0) {
      if (!anchored) return true;
      if (step.sep === '/') return parent?.kind === 'document';
      return true;
    }
    if (step.sep === '/') return parent !== undefined && structureFrom(parent, i - 1);
    for (
      let ancestor: XNode | undefined = parent;
      ancestor;
      ancestor = ancestor.kind === 'document' ? undefined : ancestor.parent
    ) {
      if (structureFrom(ancestor, i - 1)) return true;
    }
    return false;
  };
  const lastIndex = steps.length - 1;
  const gate = nameGate(last, scope, compiler);
  // A dynamic error while matching a pattern makes it not match (XSLT 3.0 §5.5.4, as Saxon does).
  const hasPredicates = steps.some((step) => step.preds.length > 0);
  return {
    key: stepKey(last.nodeTestAst),
    structure: (node) => structureFrom(node, lastIndex),
    exact: !hasPredicates,
    match: hasPredicates
      ? (node, run) => {
          if (gate && !gate(node, run)) return false;
          if (!structureFrom(node, lastIndex)) return false;
          try {
            return matchFrom(node, lastIndex, run);
          } catch (error) {
            if (error instanceof XPathError) return false;
            throw error;
          }
        }
      : (node, run) => matchFrom(node, lastIndex, run),
  };
}

/** Functions whose value, given name() / local-name() and string literals, depends on nothing else. */
const NAME_ONLY_FUNCTIONS = new Set([
  'not',
  'ends-with',
  'starts-with',
  'contains',
  'true',
  'false',
]);

/** Whether an expression reads nothing but the context node's name() and local-name(). */
function readsNameOnly(ast: Ast): boolean {
  switch (ast.t) {
    case 'literal':
      return typeof ast.value === 'string';
    case 'and':
    case 'or':
      return readsNameOnly(ast.l) && readsNameOnly(ast.r);
    case 'call':
      if (ast.name === 'name' || ast.name === 'local-name') return ast.args.length === 0;
      return NAME_ONLY_FUNCTIONS.has(ast.name) && ast.args.every(readsNameOnly);
    default:
      return false;
  }
}

/** The conjuncts of an and-chain, left to right. */
function conjuncts(ast: Ast): Ast[] {
  return ast.t === 'and' ? [...conjuncts(ast.l), ...conjuncts(ast.r)] : [ast];
}

/** Names remembered per gate before its memo starts again (names come from the documents). */
const NAME_GATE_LIMIT = 4096;

/**
 * `//*[ends-with(name(), 'Amount') and …]` is tried on every element: the conjuncts of the last
 * step's first predicate that read only the node's name (they cannot raise an error) are
 * evaluated once per prefix and local name. A node they reject fails the predicate, hence the
 * step and the pattern, whatever the other conjuncts and predicates say.
 */
function nameGate(
  step: PatternStep,
  scope: Scope,
  compiler: Compiler,
): ((node: XNode, run: Run) => boolean) | undefined {
  const first = step.nodeTestAst.preds[0];
  if (!first || step.positional) return undefined;
  const gates = conjuncts(first).filter(readsNameOnly);
  if (gates.length === 0) return undefined;
  const test = compiler.compileBoolean(
    gates.reduce((l, r) => ({ t: 'and', l, r })),
    scope,
  );
  const memo = new Map<string, Map<string, boolean>>();
  let size = 0;
  return (node, run) => {
    if (node.kind !== 'element' && node.kind !== 'attribute') return true;
    let byLocal = memo.get(node.prefix);
    let value = byLocal?.get(node.local);
    if (value === undefined) {
      value = test({ item: node, pos: 1, size: 1, env: NO_SLOTS, run, current: node });
      if (size >= NAME_GATE_LIMIT) {
        memo.clear();
        size = 0;
        byLocal = undefined;
      }
      if (!byLocal) {
        byLocal = new Map();
        memo.set(node.prefix, byLocal);
      }
      byLocal.set(node.local, value);
      size++;
    }
    return value;
  };
}

// ---------------------------------------------------------------------------------------------
// Locations (mode schematron-select-full-path)

function elementStep(element: XElement): string {
  let preceding = 0;
  const siblings = element.parent.children;
  for (const sibling of siblings) {
    if (sibling === element) break;
    if (sibling.kind === 'element' && sibling.local === element.local && sibling.ns === element.ns)
      preceding++;
  }
  const name =
    element.ns === '' ? element.local : `*:${element.local}[namespace-uri()='${element.ns}']`;
  return `/${name}[${preceding + 1}]`;
}

export function locationOf(node: XNode): string {
  switch (node.kind) {
    case 'document':
      return node.root ? locationOf(node.root) : '';
    case 'text':
      return node.value;
    case 'attribute': {
      const base = locationOf(node.parent);
      return node.ns === ''
        ? `${base}/@${node.prefix ? `${node.prefix}:` : ''}${node.local}`
        : `${base}/@*[local-name()='${node.local}' and namespace-uri()='${node.ns}']`;
    }
    case 'element': {
      let path = '';
      for (
        let current: XElement | undefined = node;
        current;
        current = current.parent.kind === 'element' ? current.parent : undefined
      ) {
        path = elementStep(current) + path;
      }
      return path;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Compiled rule sets

interface CompiledCheck {
  kind: 'assert' | 'report';
  id: string;
  flag: string;
  test: (ctx: Ctx) => boolean;
  message: Array<string | Fn | { nameOf: Fn | null }>;
}

interface CompiledRule {
  index: number;
  alternatives: Alternative[];
  lets: Array<{ slot: number; fn: Fn }>;
  frameSize: number;
  checks: CompiledCheck[];
}

interface CompiledPattern {
  rules: CompiledRule[];
  byKey: Map<string, CompiledRule[]>;
  /** Candidate rules (in priority order) per node key, memoized. */
  candidates: Map<string, Array<{ rule: CompiledRule; alternatives: Alternative[] }>>;
}

export interface CompiledRuleSet {
  id: string;
  globals: Array<{
    fn: Fn;
    frameSize: number;
    /** A value that depends on nothing of the document (a code list): kept once computed. */
    shared?: { value: Seq | undefined };
  }>;
  patterns: CompiledPattern[];
}

function textValue(text: string): Seq {
  return [new Untyped(text)];
}

function textFn(text: string): Fn {
  const value = textValue(text);
  return () => value;
}

class Environment implements StaticEnv {
  readonly globalIndex = new Map<string, number>();
  readonly functions = new Map<string, UserFunction>();
  readonly keys = new Map<string, KeyDef>();
  constructor(readonly ns: Namespaces) {}
  global(name: string): number | undefined {
    return this.globalIndex.get(name);
  }
  userFunction(name: string, arity: number): UserFunction | undefined {
    return this.functions.get(`${name}#${arity}`);
  }
  key(name: string): KeyDef | undefined {
    return this.keys.get(name);
  }
}

function compileFunctionBody(
  body: FnInstruction[],
  scope: Scope,
  compiler: Compiler,
): (ctx: Ctx) => Seq {
  const parts: Array<(ctx: Ctx) => Seq> = [];
  for (const instruction of body) {
    switch (instruction.op) {
      case 'variable': {
        const type = instruction.as ? parseSequenceType(instruction.as, scope.env.ns) : undefined;
        let valueFn: Fn;
        if (instruction.select !== undefined) {
          valueFn = compiler.compile(parseXPath(instruction.select, scope.env.ns), scope);
        } else if (instruction.body) {
          const body = compileFunctionBody(instruction.body, scope.child(), compiler);
          // Without `as`, a sequence constructor builds a temporary tree: its string value.
          valueFn = type
            ? body
            : (ctx) => [
                new Untyped(
                  body(ctx)
                    .map((item) => atomicToString(atomize(item)))
                    .join(''),
                ),
              ];
        } else valueFn = textFn(instruction.text ?? '');
        const slot = scope.declare(instruction.name);
        const name = instruction.name;
        const what = `variable $${name}`;
        const compute = type ? (ctx: Ctx): Seq => convertToType(valueFn(ctx), type, what) : valueFn;
        parts.push((ctx) => {
          ctx.env[slot] = new Lazy(compute, ctx);
          return [];
        });
        break;
      }
      case 'sequence': {
        const fn = compiler.compile(parseXPath(instruction.select, scope.env.ns), scope);
        parts.push(fn);
        break;
      }
      case 'value-of': {
        const fn = compiler.compile(parseXPath(instruction.select, scope.env.ns), scope);
        const separator = instruction.separator ?? ' ';
        parts.push((ctx) => [
          new Untyped(
            fn(ctx)
              .map((item) => atomicToString(atomize(item)))
              .join(separator),
          ),
        ]);
        break;
      }
      case 'text': {
        const value = instruction.text;
        parts.push(() => textValue(value));
        break;
      }
      case 'if': {
        const test = compiler.compile(parseXPath(instruction.test, scope.env.ns), scope);
        const inner = compileFunctionBody(instruction.body, scope.child(), compiler);
        parts.push((ctx) => (ebv(test(ctx)) ? inner(ctx) : []));
        break;
      }
      case 'for-each': {
        const select = compiler.compile(parseXPath(instruction.select, scope.env.ns), scope);
        const inner = compileFunctionBody(instruction.body, scope.child(), compiler);
        parts.push((ctx) => {
          const items = select(ctx);
          const out: Item[] = [];
          const size = items.length;
          for (let i = 0; i < size; i++) {
            const itemCtx: Ctx = {
              item: items[i],
              pos: i + 1,
              size,
              env: ctx.env,
              run: ctx.run,
              current: items[i],
            };
            for (const value of inner(itemCtx)) out.push(value);
          }
          return out;
        });
        break;
      }
      case 'choose': {
        const whens = instruction.whens.map((when) => ({
          test: compiler.compile(parseXPath(when.test, scope.env.ns), scope),
          body: compileFunctionBody(when.body, scope.child(), compiler),
        }));
        const otherwise = instruction.otherwise
          ? compileFunctionBody(instruction.otherwise, scope.child(), compiler)
          : undefined;
        parts.push((ctx) => {
          for (const when of whens) if (ebv(when.test(ctx))) return when.body(ctx);
          return otherwise ? otherwise(ctx) : [];
        });
        break;
      }
    }
  }
  if (parts.length === 1) return parts[0]!;
  return (ctx) => {
    const out: Item[] = [];
    for (const part of parts) for (const item of part(ctx)) out.push(item);
    return out;
  };
}

/** Functions whose value changes from one call to the next without any argument changing. */
const CLOCK_FUNCTIONS = new Set([
  'current-date',
  'current-dateTime',
  'current-time',
  'implicit-timezone',
]);

/** Whether an AST node, or any node below it, satisfies `test`. */
function anyNode(ast: Ast, test: (node: Ast) => boolean): boolean {
  if (test(ast)) return true;
  for (const value of Object.values(ast) as unknown[]) {
    const entries = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const entry of entries) {
      // for/some/every bindings are [name, expression] pairs.
      const node = Array.isArray(entry) ? (entry as unknown[])[1] : entry;
      if (node && typeof node === 'object' && 't' in node && anyNode(node as Ast, test))
        return true;
    }
  }
  return false;
}

/**
 * Whether a global variable's expression reads nothing of the document, no clock and only
 * global variables that read nothing of the document either (`tokenize('AED AFN …', '\s')`,
 * the code lists): its value is the same in every run.
 */
function readsNoDocument(ast: Ast, env: Environment, documentFree: Set<string>): boolean {
  return (
    isContextFree(ast) &&
    !anyNode(
      ast,
      (node) =>
        (node.t === 'call' && CLOCK_FUNCTIONS.has(node.name)) ||
        (node.t === 'var' && env.global(node.name) !== undefined && !documentFree.has(node.name)),
    )
  );
}

export function compileRuleSet(source: RuleSetSource): CompiledRuleSet {
  const env = new Environment(source.ns);
  const compiler = new Compiler();
  const globals: CompiledRuleSet['globals'] = [];
  const globalDefs = [...source.lets, ...source.patterns.flatMap((pattern) => pattern.lets)];
  globalDefs.forEach((definition, i) => env.globalIndex.set(definition.name, i));

  // Functions: declared first (they may call each other), bodies compiled after.
  const pending: Array<() => void> = [];
  for (const definition of source.functions) {
    const name = expandName(definition.name, source.ns);
    const scope = Scope.root(env);
    const paramTypes: Array<SequenceType | undefined> = [];
    for (const param of definition.params) {
      scope.declare(param.name);
      paramTypes.push(param.as ? parseSequenceType(param.as, source.ns) : undefined);
    }
    const resultType = definition.as ? parseSequenceType(definition.as, source.ns) : undefined;
    // The texts of the errors, made once (not per call).
    const argumentNames = definition.params.map(
      (_, i) => `argument ${i + 1} of ${definition.name}()`,
    );
    const resultName = `the result of ${definition.name}()`;
    let body: ((ctx: Ctx) => Seq) | undefined;
    pending.push(() => {
      body = compileFunctionBody(definition.body, scope, compiler);
    });
    env.functions.set(`${name}#${definition.params.length}`, {
      call(ctx: Ctx, args: Seq[]): Seq {
        const frame = new Array<Seq | Lazy | undefined>(scope.frameSize);
        for (let i = 0; i < args.length; i++) {
          const type = paramTypes[i];
          frame[i] = type ? convertToType(args[i]!, type, argumentNames[i]!) : args[i];
        }
        const result = body!({
          item: undefined,
          pos: 0,
          size: 0,
          env: frame,
          run: ctx.run,
          current: undefined,
        });
        return convertToType(result, resultType, resultName, 'XTTE0780');
      },
    });
  }
  for (const key of source.keys) {
    const scope = Scope.root(env);
    const alternatives = compilePattern(key.match, scope, compiler);
    const use = compiler.compile(parseXPath(key.use, source.ns), scope);
    env.keys.set(key.name, {
      name: key.name,
      match: (node, run) => alternatives.some((a) => a.match(node, run)),
      use,
    });
  }
  pending.forEach((compile) => compile());

  const documentFree = new Set<string>();
  for (const definition of globalDefs) {
    const scope = Scope.root(env);
    if (definition.value === undefined) {
      const value = textValue(definition.text ?? '');
      globals.push({ fn: () => value, frameSize: scope.frameSize });
      continue;
    }
    const ast = parseXPath(definition.value, source.ns);
    const fn = compiler.compile(ast, scope);
    if (readsNoDocument(ast, env, documentFree)) {
      documentFree.add(definition.name);
      globals.push({ fn, frameSize: scope.frameSize, shared: { value: undefined } });
    } else globals.push({ fn, frameSize: scope.frameSize });
  }

  let ruleIndex = 0;
  const patterns: CompiledPattern[] = source.patterns.map((pattern) => {
    const rules = pattern.rules.map((rule): CompiledRule => {
      const scope = Scope.root(env);
      const alternatives = compilePattern(rule.context, Scope.root(env), compiler);
      const lets = rule.lets.map((definition) => {
        const fn: Fn =
          definition.value !== undefined
            ? compiler.compile(parseXPath(definition.value, source.ns), scope)
            : (
                (text) => () =>
                  textValue(text)
              )(definition.text ?? '');
        return { slot: scope.declare(definition.name), fn };
      });
      const checks = rule.checks.map((check): CompiledCheck => ({
        kind: check.kind,
        id: check.id,
        flag: check.flag,
        test: compiler.compileCheck(parseXPath(check.test, source.ns), scope),
        message: check.message.map((part: MessagePart) => {
          if (typeof part === 'string') return part;
          if ('select' in part) return compiler.compile(parseXPath(part.select, source.ns), scope);
          return {
            nameOf:
              part.name === null ? null : compiler.compile(parseXPath(part.name, source.ns), scope),
          };
        }),
      }));
      return { index: ruleIndex++, alternatives, lets, frameSize: scope.frameSize, checks };
    });
    const byKey = new Map<string, CompiledRule[]>();
    for (const rule of rules) {
      for (const key of new Set(rule.alternatives.map((alternative) => alternative.key))) {
        const list = byKey.get(key);
        if (list) list.push(rule);
        else byKey.set(key, [rule]);
      }
    }
    return { rules, byKey, candidates: new Map() };
  });
  return { id: source.id, globals, patterns };
}

function nodeKey(node: XNode): string {
  switch (node.kind) {
    case 'document':
      return 'doc';
    case 'element':
      return `e:{${node.ns}}${node.local}`;
    case 'attribute':
      return `a:{${node.ns}}${node.local}`;
    case 'text':
      return 'text';
  }
}

/**
 * A rule that can match the nodes at one path of names: only the alternatives whose names and
 * kinds fit the path; `exact` when one of them has no predicate (the rule matches every node at
 * the path, and no later rule of its pattern is tried).
 */
interface PathCandidate {
  rule: CompiledRule;
  alternatives: Alternative[];
  exact: boolean;
}

/**
 * The nodes of one path of names from the document node (each step an element or attribute's
 * namespace and local name): per pattern (by index), the rules that can match them, in priority
 * order, and the paths one step further.
 */
interface PathEntry {
  perPattern: PatternCandidates[];
  /** The node's name and kind (empty for the document node). */
  ns: string;
  local: string;
  attribute: boolean;
  elements: Map<string, Map<string, PathEntry>> | undefined;
  attributes: Map<string, Map<string, PathEntry>> | undefined;
  /**
   * The entries of the children met at each position (attributes, then elements) under the
   * first POSITIONS, the last one met after them: a guess checked by name, so that documents of
   * one structure find each child's entry without two map lookups.
   */
  atPosition: Array<PathEntry | undefined>;
  last: PathEntry | undefined;
}

interface PatternCandidates {
  pattern: number;
  candidates: PathCandidate[];
}

/** Children positions whose entries a PathEntry remembers (see atPosition). */
const POSITIONS = 32;

/** Every entry gets the same properties in the same order: one shape for the traversal. */
function pathEntry(ruleSet: CompiledRuleSet, node: XNode): PathEntry {
  const named = node.kind === 'element' || node.kind === 'attribute';
  return {
    perPattern: pathCandidates(ruleSet, node),
    ns: named ? node.ns : '',
    local: named ? node.local : '',
    attribute: node.kind === 'attribute',
    elements: undefined,
    attributes: undefined,
    atPosition: [],
    last: undefined,
  };
}

/** Per rule set: the tree of the paths met so far, kept across documents up to a size. */
interface PathIndex {
  root: PathEntry | undefined;
  size: number;
}
const PATH_INDEX = new WeakMap<CompiledRuleSet, PathIndex>();
/** Paths remembered per rule set before the index starts again (paths come from the documents). */
const PATH_INDEX_LIMIT = 20_000;

/** The rules of each pattern that can match a node, decided by its path of names alone. */
function pathCandidates(ruleSet: CompiledRuleSet, node: XNode): PathEntry['perPattern'] {
  const key = nodeKey(node);
  const list: PathEntry['perPattern'] = [];
  for (let p = 0; p < ruleSet.patterns.length; p++) {
    const out: PathCandidate[] = [];
    for (const { rule, alternatives } of candidatesFor(ruleSet.patterns[p]!, key, node)) {
      const fitting = alternatives.filter((alternative) => alternative.structure(node));
      if (fitting.length === 0) continue;
      const exact = fitting.some((alternative) => alternative.exact);
      out.push({ rule, alternatives: exact ? [] : fitting, exact });
      if (exact) break;
    }
    if (out.length) list.push({ pattern: p, candidates: out });
  }
  return list;
}

function pathIndex(ruleSet: CompiledRuleSet, document: XDocument): PathIndex {
  let index = PATH_INDEX.get(ruleSet);
  if (!index) {
    index = { root: undefined, size: 0 };
    PATH_INDEX.set(ruleSet, index);
  }
  if (!index.root || index.size >= PATH_INDEX_LIMIT) {
    index.root = pathEntry(ruleSet, document);
    index.size = 1;
  }
  return index;
}

/** The entry of the child element or attribute at `position` (from 1) of a node at `parent`. */
function childAt(
  walk: Walk,
  parent: PathEntry,
  node: XElement | XAttribute,
  position: number,
): PathEntry {
  const near = position < POSITIONS;
  const guess = near ? parent.atPosition[position] : parent.last;
  if (
    guess !== undefined &&
    guess.local === node.local &&
    guess.ns === node.ns &&
    guess.attribute === (node.kind === 'attribute')
  ) {
    return guess;
  }
  const entry = childEntry(walk, parent, node);
  if (near) parent.atPosition[position] = entry;
  else parent.last = entry;
  return entry;
}

/** The entry of a child element or attribute of a node at `parent`. */
function childEntry(walk: Walk, parent: PathEntry, node: XElement | XAttribute): PathEntry {
  const byNs =
    node.kind === 'element' ? (parent.elements ??= new Map()) : (parent.attributes ??= new Map());
  let byLocal = byNs.get(node.ns);
  if (!byLocal) {
    byLocal = new Map();
    byNs.set(node.ns, byLocal);
  }
  let entry = byLocal.get(node.local);
  if (!entry) {
    entry = pathEntry(walk.ruleSet, node);
    byLocal.set(node.local, entry);
    walk.index.size++;
  }
  return entry;
}

function candidatesFor(
  pattern: CompiledPattern,
  key: string,
  node: XNode,
): Array<{ rule: CompiledRule; alternatives: Alternative[] }> {
  let list = pattern.candidates.get(key);
  if (list) return list;
  const wildcard = node.kind === 'element' ? 'e*' : node.kind === 'attribute' ? 'a*' : '';
  const rules = new Set<CompiledRule>([
    ...(pattern.byKey.get(key) ?? []),
    ...(pattern.byKey.get(wildcard) ?? []),
    ...(pattern.byKey.get('any') ?? []),
  ]);
  list = [...rules]
    .sort((a, b) => a.index - b.index)
    .map((rule) => ({
      rule,
      alternatives: rule.alternatives.filter(
        (alternative) =>
          alternative.key === key || alternative.key === wildcard || alternative.key === 'any',
      ),
    }));
  pattern.candidates.set(key, list);
  return list;
}

function messageText(check: CompiledCheck, ctx: Ctx): string {
  let text = '';
  for (const part of check.message) {
    if (typeof part === 'string') text += part;
    else if (typeof part === 'function')
      text += part(ctx)
        .map((item) => atomicToString(atomize(item)))
        .join(' ');
    else {
      const target = part.nameOf ? part.nameOf(ctx)[0] : ctx.item;
      if (target && isNode(target) && (target.kind === 'element' || target.kind === 'attribute'))
        text += target.prefix ? `${target.prefix}:${target.local}` : target.local;
    }
  }
  return text;
}

/** One run of a rule set over one document, as the traversal sees it. */
interface Walk {
  ruleSet: CompiledRuleSet;
  index: PathIndex;
  run: Run;
  /** Findings per pattern, in document order within each. */
  buckets: EngineFinding[][];
  locations: Map<XNode, string>;
}

function locationIn(walk: Walk, node: XNode): string {
  let value = walk.locations.get(node);
  if (value === undefined) {
    value = locationOf(node);
    walk.locations.set(node, value);
  }
  return value;
}

/**
 * The rules of every pattern on one node, then on its attributes and child elements. One
 * function for every run (not a closure per run): the JIT optimizes it once.
 */
function visit(walk: Walk, node: XNode, entry: PathEntry, pos: number, size: number): void {
  const perPattern = entry.perPattern;
  for (let i = 0; i < perPattern.length; i++) {
    const { pattern: p, candidates } = perPattern[i]!;
    for (let c = 0; c < candidates.length; c++) {
      const candidate = candidates[c]!;
      if (candidate.exact || matchesAny(candidate.alternatives, node, walk.run)) {
        fire(walk, candidate.rule, p, node, pos, size);
        break;
      }
    }
  }
  if (node.kind === 'document') {
    if (node.root) visit(walk, node.root, childEntry(walk, entry, node.root), 1, 1);
    return;
  }
  if (node.kind !== 'element') return;
  const { attrs, children } = node;
  let count = attrs.length;
  for (let c = 0; c < children.length; c++) if (children[c]!.kind === 'element') count++;
  let i = 0;
  for (let a = 0; a < attrs.length; a++) {
    const attribute = attrs[a]!;
    i++;
    visit(walk, attribute, childAt(walk, entry, attribute, i), i, count);
  }
  for (let c = 0; c < children.length; c++) {
    const child = children[c]!;
    if (child.kind === 'element') {
      i++;
      visit(walk, child, childAt(walk, entry, child, i), i, count);
    }
  }
}

function matchesAny(alternatives: Alternative[], node: XNode, run: Run): boolean {
  for (let a = 0; a < alternatives.length; a++) if (alternatives[a]!.match(node, run)) return true;
  return false;
}

/** A rule that matched a node: its lets (lazy), then its checks in order. */
function fire(
  walk: Walk,
  rule: CompiledRule,
  p: number,
  node: XNode,
  pos: number,
  size: number,
): void {
  const env = rule.frameSize === 0 ? NO_SLOTS : new Array<Seq | Lazy | undefined>(rule.frameSize);
  const ctx: Ctx = { item: node, pos, size, env, run: walk.run, current: node };
  const { lets, checks } = rule;
  for (let l = 0; l < lets.length; l++) env[lets[l]!.slot] = new Lazy(lets[l]!.fn, ctx);
  for (let c = 0; c < checks.length; c++) {
    const check = checks[c]!;
    let value: boolean;
    try {
      value = check.test(ctx);
    } catch (error) {
      if (error instanceof XPathError)
        throw new XPathError(error.code, `${error.message} (in ${check.id || 'a check'})`);
      throw error;
    }
    if (check.kind === 'assert' ? !value : value) {
      walk.buckets[p]!.push({
        id: check.id,
        flag: check.flag,
        message: messageText(check, ctx),
        location: locationIn(walk, node),
        node,
        kind: check.kind,
      });
    }
  }
}

export function runCompiled(ruleSet: CompiledRuleSet, document: XDocument): EngineResult {
  const run: Run = { doc: document, globals: [], keys: new Map(), depth: 0 };
  run.globals = ruleSet.globals.map(
    ({ fn, frameSize, shared }) =>
      new Lazy(shared ? (ctx) => (shared.value ??= fn(ctx)) : fn, {
        item: document,
        pos: 1,
        size: 1,
        env: new Array(frameSize),
        run,
        current: document,
      }),
  );
  const index = pathIndex(ruleSet, document);
  const walk: Walk = {
    ruleSet,
    index,
    run,
    buckets: ruleSet.patterns.map(() => []),
    locations: new Map(),
  };
  try {
    visit(walk, document, index.root!, 1, 1);
  } catch (error) {
    forgetLargePaths(index);
    const findings = walk.buckets.flat();
    if (error instanceof XPathError)
      return { findings, error: { code: error.code, message: error.message } };
    if (error instanceof RangeError)
      return { findings, error: { code: 'RANGE', message: error.message } };
    throw error;
  }
  forgetLargePaths(index);
  return { findings: walk.buckets.flat() };
}

/** A document of very many paths (hostile or odd) leaves no large index behind it. */
function forgetLargePaths(index: PathIndex): void {
  if (index.size >= PATH_INDEX_LIMIT) {
    index.root = undefined;
    index.size = 0;
  }
}
