/**
 * Targeted mutations: for every assert and report of a rule set, one document made to fire it,
 * derived from the rule's context and test (the random kinds of mutations.ts reach only part of
 * the rules). The rule's context is found in a corpus document (or created where it is missing,
 * with the values its predicates ask for: a VAT category 'E', a schemeID '0184', a
 * ChargeIndicator true); then what the test reads is broken: the children and attributes it
 * requires are left out, the element it forbids is added, the values it checks get a value
 * outside its code list, format or range; a context ending in `/*` gets a child no rule expects.
 */
import { RULE_SETS } from '../../src/rules/generated/index.ts';
import { hashString, pathOf, scan, type Mutation, type Span } from './mutations.ts';

const declarations =
  ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

/** One check of a rule set, with the context of its rule. */
export interface TargetCheck {
  id: string;
  kind: 'assert' | 'report';
  context: string;
  test: string;
}

type AnySource = (typeof RULE_SETS)[keyof typeof RULE_SETS];

/** The first check of each rule id of `ruleSet`, in the rule set's order. */
export function targetChecks(ruleSet: string): TargetCheck[] {
  const source = (RULE_SETS as Record<string, AnySource>)[ruleSet];
  if (!source) return [];
  const seen = new Set<string>();
  const checks: TargetCheck[] = [];
  for (const pattern of source.patterns) {
    for (const rule of pattern.rules) {
      for (const check of rule.checks) {
        if (seen.has(check.id)) continue;
        seen.add(check.id);
        checks.push({
          id: check.id,
          kind: check.kind === 'report' ? 'report' : 'assert',
          context: rule.context,
          test: check.test,
        });
      }
    }
  }
  return checks;
}

// --- reading contexts --------------------------------------------------------------------------

/** Splits `text` at `separator` where it is outside brackets, parentheses and quotes. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(from, i));
      from = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

interface Step {
  prefix: string;
  local: string;
  predicates: string[];
}

interface ContextPath {
  absolute: boolean;
  steps: Step[];
}

const nameStep = /^(?:([A-Za-z][\w.-]*):)?([A-Za-z][\w-]*|\*)$/;

function readStep(text: string): Step | undefined {
  const bracket = text.indexOf('[');
  const name = (bracket < 0 ? text : text.slice(0, bracket)).trim();
  const match = nameStep.exec(name);
  if (!match) return undefined;
  const predicates: string[] = [];
  if (bracket >= 0) {
    let depth = 0;
    let start = bracket;
    for (let i = bracket; i < text.length; i++) {
      if (text[i] === '[') {
        if (depth === 0) start = i + 1;
        depth++;
      } else if (text[i] === ']') {
        depth--;
        if (depth === 0) predicates.push(text.slice(start, i));
      }
    }
  }
  return { prefix: match[1] ?? '', local: match[2]!, predicates };
}

/** The plain paths of a rule context (alternatives whose steps are names with predicates). */
export function readContext(context: string): ContextPath[] {
  return splitTop(context, '|').flatMap((alternative): ContextPath[] => {
    let text = alternative.trim();
    // `(/a/b | /c/d)[p]`: each inner path, with the predicates on its last step.
    if (text.startsWith('(')) {
      let depth = 0;
      let close = 0;
      for (; close < text.length; close++) {
        if (text[close] === '(') depth++;
        else if (text[close] === ')' && --depth === 0) break;
      }
      const inner = text.slice(1, close);
      const after = text.slice(close + 1).trim();
      const predicates = after.startsWith('[') ? (readStep(`x${after}`)?.predicates ?? []) : [];
      return readContext(inner).map((path) => {
        const last = path.steps[path.steps.length - 1]!;
        const steps = [
          ...path.steps.slice(0, -1),
          { ...last, predicates: [...last.predicates, ...predicates] },
        ];
        return { ...path, steps };
      });
    }
    let absolute = false;
    if (text.startsWith('//')) text = text.slice(2);
    else if (text.startsWith('/')) {
      absolute = true;
      text = text.slice(1);
    }
    const parts = splitTop(text, '/');
    // After a '//' inside the path, the rest is matched as a suffix.
    const last = parts.lastIndexOf('');
    if (last >= 0) absolute = false;
    const steps = parts.slice(last + 1).map(readStep);
    if (steps.length === 0 || steps.some((step) => !step)) return [];
    return [{ absolute, steps: steps as Step[] }];
  });
}

/** Values a predicate or test asks for: `cbc:X = 'L'`, `normalize-space(cbc:X) = 'L'`, `@a = 'L'`. */
interface Assignment {
  /** Child steps (qualified) to the element, or [] for the element itself. */
  path: string[];
  attribute?: string;
  value: string;
}

const assignmentPattern =
  /((?:c[ab]c:[A-Za-z]+\/)*)(?:normalize-space\(|upper-case\(|lower-case\()*(c[ab]c:[A-Za-z]+|@[A-Za-z]+|\.)\)*\s*(?:=|eq)\s*(?:'([^']*)'|(true|false)\(\))/g;

export function readAssignments(text: string): Assignment[] {
  const assignments: Assignment[] = [];
  for (const match of text.matchAll(assignmentPattern)) {
    const path = match[1] ? match[1].split('/').filter((step) => step !== '') : [];
    const target = match[2]!;
    const value = match[3] ?? match[4]!;
    if (target.startsWith('@')) assignments.push({ path, attribute: target.slice(1), value });
    else if (target === '.') assignments.push({ path, value });
    else assignments.push({ path: [...path, target], value });
  }
  return assignments;
}

/** Existence predicates (`[cbc:X]`, `[cac:A/cbc:B]`): child paths the element must have. */
function requiredPaths(predicate: string): string[][] {
  const text = predicate.trim();
  return /^c[ab]c:[A-Za-z]+(?:\/c[ab]c:[A-Za-z]+)*$/.test(text) ? [text.split('/')] : [];
}

// --- the document side -------------------------------------------------------------------------

interface Edit {
  from: number;
  to: number;
  text: string;
}

function applyEdits(xml: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.from - a.from || b.to - a.to);
  let out = xml;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.to > limit) continue; // overlaps an edit already made further on: dropped
    out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
    limit = edit.from;
  }
  return out;
}

const escapeText = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

/** An element to write, as nested child steps, with its own text and attributes. */
interface NewElement {
  qname: string;
  attributes: Map<string, string>;
  children: NewElement[];
  text?: string;
}

function writeElement(element: NewElement, declare: boolean): string {
  const attributes = [...element.attributes]
    .map(([name, value]) => ` ${name}="${escapeText(value)}"`)
    .join('');
  const body =
    element.text !== undefined
      ? escapeText(element.text)
      : element.children.map((child) => writeElement(child, false)).join('');
  return `<${element.qname}${declare ? declarations : ''}${attributes}>${body}</${element.qname}>`;
}

function childOf(parent: NewElement, qname: string): NewElement {
  let child = parent.children.find((candidate) => candidate.qname === qname);
  if (!child) {
    child = { qname, attributes: new Map(), children: [] };
    parent.children.push(child);
  }
  return child;
}

/** Puts an assignment into a new element. */
function assignNew(element: NewElement, assignment: Assignment): void {
  let target = element;
  for (const step of assignment.path) target = childOf(target, step);
  if (assignment.attribute) target.attributes.set(assignment.attribute, assignment.value);
  else {
    target.text = assignment.value;
    target.children = [];
  }
}

/**
 * The value the test's kind of check refuses for its `at`-th read child: dates out of order
 * (the first read date before the others), a negative amount with three decimals, a long text
 * outside Latin-1, or a code no list has.
 */
function badValueFor(test: string, qname: string, at: number): string {
  if (/Date$/.test(qname)) return at === 0 ? '2000-01-01' : '2020-01-01';
  return badValue(test);
}

/** A value the test's kind of check refuses. */
function badValue(test: string): string {
  // An Italian partita IVA with a wrong check digit (other values are not checked as one).
  if (test.includes('checkPIVAseIT')) return 'IT01234567890';
  if (/decimal|number\(|sum\(|round|[<>]/.test(test)) return '-12345.678';
  if (/matches|string-length|substring/.test(test)) return `Ø€${'Z'.repeat(300)}`;
  return 'ZZZ';
}

interface Located {
  spans: Span[];
  paths: string[][];
}

function locate(xml: string): Located {
  const spans = scan(xml);
  const paths: string[][] = [];
  spans.forEach((span, index) => {
    paths.push(span.parent >= 0 ? [...paths[span.parent]!, span.local] : [span.local]);
    void index;
  });
  return { spans, paths };
}

const stepMatches = (step: Step, local: string): boolean =>
  step.local === '*' || step.local === local;

/** The spans whose path matches all `steps` (as the whole path when absolute, else its end). */
function matching(doc: Located, steps: Step[], absolute: boolean): number[] {
  const found: number[] = [];
  doc.paths.forEach((path, index) => {
    if (absolute ? path.length !== steps.length : path.length < steps.length) return;
    const offset = path.length - steps.length;
    if (steps.every((step, at) => stepMatches(step, path[offset + at]!))) found.push(index);
  });
  return found;
}

/** The direct children of span `index` named `qname`'s local name. */
function children(doc: Located, index: number, qname: string): number[] {
  const local = qname.slice(qname.indexOf(':') + 1);
  return doc.spans[index]!.children.filter((child) => doc.spans[child]!.local === local);
}

/** Edits that give existing span `index` an assignment's value. */
function assignExisting(doc: Located, index: number, assignment: Assignment): Edit[] {
  const span = doc.spans[index]!;
  if (assignment.path.length === 0) {
    if (assignment.attribute) return setAttribute(span, assignment.attribute, assignment.value);
    return setText(span, assignment.value);
  }
  const [first, ...rest] = assignment.path;
  const child = children(doc, index, first!)[0];
  if (child !== undefined) {
    return assignExisting(doc, child, { ...assignment, path: rest });
  }
  if (span.selfClosing) return [];
  const element: NewElement = { qname: 'x', attributes: new Map(), children: [] };
  assignNew(element, assignment);
  return [{ from: span.openEnd, to: span.openEnd, text: writeElement(element.children[0]!, true) }];
}

function setText(span: Span, value: string): Edit[] {
  if (span.selfClosing || span.text === undefined) return [];
  return [{ from: span.openEnd, to: span.closeStart, text: escapeText(value) }];
}

function setAttribute(span: Span, name: string, value: string): Edit[] {
  const existing = span.attributes.find((a) => a.name === name);
  if (existing)
    return [{ from: existing.valueStart, to: existing.valueEnd, text: escapeText(value) }];
  const at = span.selfClosing ? span.openEnd - 2 : span.openEnd - 1;
  return [{ from: at, to: at, text: ` ${name}="${escapeText(value)}"` }];
}

/** The qualified child steps a test reads first (`cbc:X`, `cac:A` of `cac:A/cbc:B`). */
function readChildren(test: string): string[] {
  const names = new Set<string>();
  for (const match of test.matchAll(/(^|[^/:\w$@-])(c[ab]c:[A-Za-z]+)/g)) names.add(match[2]!);
  return [...names];
}

function readAttributes(test: string): string[] {
  const names = new Set<string>();
  for (const match of test.matchAll(/(^|[^/\w])@([A-Za-z]+)/g)) names.add(match[2]!);
  return [...names];
}

/**
 * The forbidden simple paths of a test (`not(cac:A/cbc:B)`, `not((cac:A|cac:B)/cbc:C)` as its
 * first alternative, `not(cbc:A/@b)` with the attribute as the last step '@b').
 */
function forbidden(test: string): string[][] {
  const paths: string[][] = [];
  const pattern =
    /not\((?:\((c[ab]c:[A-Za-z]+)\|c[ab]c:[A-Za-z]+\)\/)?(c[ab]c:[A-Za-z]+(?:\/c[ab]c:[A-Za-z]+)*(?:\/@[A-Za-z]+)?)\)/g;
  for (const match of test.matchAll(pattern)) {
    paths.push([...(match[1] ? [match[1]] : []), ...match[2]!.split('/')]);
  }
  return paths;
}

/** Attributes a test forbids anywhere (`not(//@schemeName)`, `count(//@name) - …`). */
function forbiddenAnywhere(test: string): string[] {
  return [...test.matchAll(/(?:not\(|count\()\/\/@([A-Za-z]+)\)/g)].map((match) => match[1]!);
}

/** Paths a test allows at most `limit` times (`count(cac:A/cbc:B) <= 1`). */
function limited(test: string): { path: string[]; limit: number }[] {
  return [...test.matchAll(/count\((c[ab]c:[A-Za-z]+(?:\/c[ab]c:[A-Za-z]+)*)\)\s*<=\s*(\d)/g)].map(
    (match) => ({ path: match[1]!.split('/'), limit: Number(match[2]) }),
  );
}

/** Assigns `value` along `path` (its last step may be '@name'). */
function pathAssignment(path: string[], value: string): Assignment {
  const last = path[path.length - 1]!;
  return last.startsWith('@')
    ? { path: path.slice(0, -1), attribute: last.slice(1), value }
    : { path, value };
}

/** A test that only asks for children or attributes to be there (`cbc:A and exists(@b)`). */
function isExistence(test: string): boolean {
  return /^\s*(?:exists\()?(?:c[ab]c:[A-Za-z]+|@[A-Za-z]+)(?:\)?\s*(?:and|or)\s*(?:exists\()?(?:c[ab]c:[A-Za-z]+|@[A-Za-z]+))*\)?\s*$/.test(
    test,
  );
}

/**
 * Edits that make the context element (span `index`) break `check`: what the test requires is
 * left out or given a refused value, what it forbids is added.
 */
function breakExisting(doc: Located, index: number, check: TargetCheck, xml: string): Edit[] {
  const span = doc.spans[index]!;
  const test = check.test;
  const edits: Edit[] = [];
  const forbid = forbidden(test);
  if (forbid.length > 0 && !span.selfClosing) {
    const assignment = pathAssignment(forbid[0]!, '1');
    if (assignment.attribute) return assignExisting(doc, index, assignment);
    const element: NewElement = { qname: 'x', attributes: new Map(), children: [] };
    assignNew(element, assignment);
    edits.push({
      from: span.openEnd,
      to: span.openEnd,
      text: writeElement(element.children[0]!, true),
    });
    return edits;
  }
  const anywhere = forbiddenAnywhere(test);
  if (anywhere.length > 0) {
    // On the first leaf element below the context: an attribute no rule expects there.
    const leaf = doc.spans.findIndex(
      (candidate, at) => at > index && candidate.text !== undefined && candidate.text.trim() !== '',
    );
    return leaf < 0 ? [] : setAttribute(doc.spans[leaf]!, anywhere[0]!, '1');
  }
  const limits = limited(test);
  if (limits.length > 0 && !span.selfClosing) {
    const { path, limit } = limits[0]!;
    let at = index;
    let depth = 0;
    for (; depth < path.length; depth++) {
      const next = children(doc, at, path[depth]!)[0];
      if (next === undefined) break;
      at = next;
    }
    if (depth === path.length) {
      // The whole path is there: its last element, repeated past the limit.
      const last = doc.spans[at]!;
      const copy = xml.slice(last.start, last.end);
      return [{ from: last.end, to: last.end, text: copy.repeat(limit) }];
    }
    if (doc.spans[at]!.selfClosing) return [];
    const element: NewElement = { qname: 'x', attributes: new Map(), children: [] };
    assignNew(element, { path: path.slice(depth), value: '1' });
    const text = writeElement(element.children[0]!, true);
    return [
      { from: doc.spans[at]!.openEnd, to: doc.spans[at]!.openEnd, text: text.repeat(limit + 1) },
    ];
  }
  const reads = readChildren(test);
  const attributes = readAttributes(test);
  if (test.includes('@*:schemaLocation') && !span.selfClosing) {
    const at = span.openEnd - 1;
    const text =
      ' xmlns:h5="http://www.w3.org/2001/XMLSchema-instance" h5:schemaLocation="urn:x x.xsd"';
    return [{ from: at, to: at, text }];
  }
  if (isExistence(test)) {
    for (const qname of reads) {
      for (const child of children(doc, index, qname)) {
        edits.push({ from: doc.spans[child]!.start, to: doc.spans[child]!.end, text: '' });
      }
    }
    for (const name of attributes) {
      const attribute = span.attributes.find((a) => a.name === name);
      if (attribute) {
        let from = attribute.valueStart;
        while (from > 0 && xml[from - 1] !== ' ' && xml[from - 1] !== '\n') from--;
        edits.push({ from: from - 1, to: attribute.valueEnd + 1, text: '' });
      }
    }
    return edits;
  }
  const value = badValue(test);
  let changed = false;
  reads.forEach((qname, at) => {
    for (const child of children(doc, index, qname)) {
      if (doc.spans[child]!.text !== undefined) {
        edits.push(...setText(doc.spans[child]!, badValueFor(test, qname, at)));
        changed = true;
      }
    }
  });
  for (const name of attributes) edits.push(...setAttribute(span, name, 'ZZZ'));
  if (!changed && span.text !== undefined) edits.push(...setText(span, value));
  return edits;
}

/** Edits that create the missing rest of a context path below its deepest existing ancestor. */
function createContext(doc: Located, path: ContextPath, check: TargetCheck): Edit[] | undefined {
  const { steps } = path;
  for (let have = steps.length - 1; have >= 0; have--) {
    const parents =
      have === 0 ? (path.absolute ? [] : [0]) : matching(doc, steps.slice(0, have), path.absolute);
    const parent = parents[0];
    if (parent === undefined) continue;
    if (doc.spans[parent]!.selfClosing) return undefined;
    const missing = steps.slice(have);
    if (
      missing.some((step) => step.prefix !== 'cac' && step.prefix !== 'cbc' && step.local !== '*')
    ) {
      return undefined;
    }
    const top: NewElement = { qname: 'x', attributes: new Map(), children: [] };
    let current = top;
    for (const step of missing) {
      const qname = step.local === '*' ? 'cbc:UnexpectedElement' : `${step.prefix}:${step.local}`;
      const element: NewElement = { qname, attributes: new Map(), children: [] };
      current.children.push(element);
      for (const predicate of step.predicates) {
        for (const assignment of readAssignments(predicate)) assignNew(element, assignment);
        for (const required of requiredPaths(predicate)) {
          assignNew(element, { path: required, value: '1' });
        }
      }
      current = element;
    }
    const forbid = forbidden(check.test);
    if (forbid.length > 0) assignNew(current, pathAssignment(forbid[0]!, '1'));
    else if (current.qname.startsWith('cbc:')) {
      if (current.text === undefined) current.text = badValue(check.test);
      if (!isExistence(check.test)) {
        for (const name of readAttributes(check.test)) {
          if (!current.attributes.has(name)) current.attributes.set(name, 'ZZZ');
        }
      }
    } else if (limited(check.test).length > 0) {
      const { path, limit } = limited(check.test)[0]!;
      for (let copy = 0; copy <= limit; copy++) {
        const holder: NewElement = { qname: 'x', attributes: new Map(), children: [] };
        assignNew(holder, { path, value: '1' });
        current.children.push(holder.children[0]!);
      }
    } else if (!isExistence(check.test)) {
      readChildren(check.test).forEach((qname, at) => {
        if (!current.children.some((child) => child.qname === qname)) {
          current.children.push({
            qname,
            attributes: new Map(),
            children: [],
            text: badValueFor(check.test, qname, at),
          });
        }
      });
    }
    const at = doc.spans[parent]!.openEnd;
    return [{ from: at, to: at, text: writeElement(top.children[0]!, true) }];
  }
  return undefined;
}

/** Mutations of one corpus document aimed at `check`, best first (possibly none). */
/** The paths of `exists(//…)` in a test, in order (balanced parentheses). */
function existsPaths(test: string): string[] {
  const paths: string[] = [];
  let at = 0;
  for (;;) {
    const start = test.indexOf('exists(//', at);
    if (start < 0) return paths;
    let depth = 0;
    let end = start + 'exists'.length;
    for (; end < test.length; end++) {
      if (test[end] === '(') depth++;
      else if (test[end] === ')' && --depth === 0) break;
    }
    paths.push(test.slice(start + 'exists('.length, end));
    at = end;
  }
}

/**
 * A document-level combination rule (`exists(//X[…]) and (exists(//Y) or exists(//Z)) or
 * not(exists(//X[…]))`, EN 16931's VAT category rules): X is made with its predicates' values and
 * every Y and Z is removed.
 */
function combination(doc: Located, check: TargetCheck): Edit[] | undefined {
  const [first, ...others] = existsPaths(check.test);
  if (!first || others.length === 0) return undefined;
  const made = readContext(first)[0];
  if (!made) return undefined;
  const created = createContext(doc, { ...made, absolute: false }, { ...check, test: 'exists(.)' });
  if (!created) return undefined;
  const edits = [...created];
  for (const other of others) {
    for (const path of readContext(other)) {
      for (const index of matching(doc, path.steps, false)) {
        edits.push({ from: doc.spans[index]!.start, to: doc.spans[index]!.end, text: '' });
      }
    }
  }
  return edits;
}

export function aimAt(
  xml: string,
  doc: Located,
  check: TargetCheck,
): { label: string; edits: Edit[]; created: boolean }[] {
  const out: { label: string; edits: Edit[]; created: boolean }[] = [];
  if (check.test.trimStart().startsWith('(exists(//')) {
    const edits = combination(doc, check);
    if (edits) out.push({ label: `target ${check.id}: combination`, edits, created: true });
  }
  for (const path of readContext(check.context)) {
    const wildcard = path.steps[path.steps.length - 1]!.local === '*';
    const found = wildcard ? [] : matching(doc, path.steps, path.absolute);
    for (const index of found.slice(0, 2)) {
      const edits: Edit[] = [];
      const last = path.steps[path.steps.length - 1]!;
      for (const predicate of last.predicates) {
        for (const assignment of readAssignments(predicate)) {
          edits.push(...assignExisting(doc, index, assignment));
        }
      }
      edits.push(...breakExisting(doc, index, check, xml));
      if (edits.length === 0) continue;
      out.push({
        label: `target ${check.id} at ${pathOf(doc.spans, index)}`,
        edits,
        created: false,
      });
    }
    const created = createContext(doc, path, check);
    if (created) {
      out.push({
        label: `target ${check.id}: create ${path.steps.map((s) => (s.prefix ? `${s.prefix}:${s.local}` : s.local)).join('/')}`,
        edits: created,
        created: true,
      });
    }
  }
  return out;
}

/**
 * A national rule (`DK-R-…`, `GR-R-…`) applies to parties of its country: every country code of
 * the document becomes that country, and each VAT number its prefix (EL for Greece).
 */
function nationalEdits(doc: Located, id: string): Edit[] {
  const match = /^([A-Z]{2})-R-/.exec(id);
  if (!match) return [];
  const country = match[1]!;
  const prefix = country === 'GR' ? 'EL' : country;
  const edits: Edit[] = [];
  doc.spans.forEach((span) => {
    const parent = doc.spans[span.parent]?.local;
    if (span.local === 'IdentificationCode' && parent === 'Country') {
      edits.push(...setText(span, country));
    } else if (span.local === 'CompanyID' && parent === 'PartyTaxScheme' && span.text) {
      const text = span.text.trim();
      if (/^[A-Z]{2}/.test(text)) edits.push(...setText(span, prefix + text.slice(2)));
    }
  });
  return edits;
}

/**
 * AGID's NSO rules read the kind of order from `cac:OrderDocumentReference/cbc:ID`
 * (`id#date#partita IVA#Accepted|Cancelled|Revised|Connected|Invoice`): one document per kind,
 * and ones with a wrong date, partita IVA, kind, number of parts or of references.
 */
function nsoScenarios(xml: string, doc: Located): Mutation[] {
  const valid = '#2024-01-15#IT01234567897#';
  const ids = [
    ...['Accepted', 'Cancelled', 'Revised', 'Connected', 'Invoice'].map(
      (kind) => `ORD1${valid}${kind}`,
    ),
    'ORD1#2024-13-45#IT01234567890#Accepted',
    'ORD1#2024-13-45#IT01234567890#Revised',
    `#2024-01-15#IT01234567897#Revised`,
    `ORD1${valid}Other`,
    'ORD1',
  ];
  const root = doc.spans[0]!;
  if (root.selfClosing) return [];
  // Orders name the order in OrderDocumentReference, order responses and agreements in
  // OrderReference.
  const names = [
    'OrderDocumentReference',
    ...(root.local === 'OrderResponse' ? ['OrderReference'] : []),
  ];
  const variants: Mutation[] = [];
  for (const name of names) {
    const reference = (id: string): string =>
      `<cac:${name}${declarations}><cbc:ID>${id}</cbc:ID></cac:${name}>`;
    const existing = children(doc, 0, `cac:${name}`);
    const first = existing[0] === undefined ? undefined : doc.spans[existing[0]]!;
    for (const id of ids) {
      variants.push({
        label: `NSO ${name} ${JSON.stringify(id)}`,
        xml: first
          ? xml.slice(0, first.start) + reference(id) + xml.slice(first.end)
          : xml.slice(0, root.openEnd) + reference(id) + xml.slice(root.openEnd),
      });
    }
    variants.push({
      label: `NSO two ${name}`,
      xml:
        xml.slice(0, root.openEnd) +
        reference(`ORD1${valid}Accepted`) +
        reference(`ORD2${valid}Revised`) +
        xml.slice(root.openEnd),
    });
  }
  return variants;
}

/** A test that never fails (`true()`) or a report that never fires (`false()`). */
export function isInert(check: { kind: string; test: string }): boolean {
  const test = check.test.trim();
  return check.kind === 'assert' ? test === 'true()' : test === 'false()';
}

/**
 * For each rule set of a group of corpus documents (the same rule sets), one mutation aimed at
 * each of its checks: the documents are tried in turn from a place that depends on the rule id,
 * and the first one the check's context can be found in or made in gives it.
 */
export function targetedMutations(
  files: readonly { xml: string }[],
  ruleSets: readonly string[],
): { fileIndex: number; mutation: Mutation }[] {
  const located = new Map<number, Located>();
  const docOf = (index: number): Located => {
    let doc = located.get(index);
    if (!doc) {
      doc = locate(files[index]!.xml);
      located.set(index, doc);
    }
    return doc;
  };
  const out: { fileIndex: number; mutation: Mutation }[] = [];
  const seen = new Set<string>(files.map((file) => file.xml));
  if (ruleSets.some((ruleSet) => ruleSet.startsWith('AGID-PEPPOL-'))) {
    for (let fileIndex = 0; fileIndex < Math.min(files.length, 2); fileIndex++) {
      for (const mutation of nsoScenarios(files[fileIndex]!.xml, docOf(fileIndex))) {
        if (!seen.has(mutation.xml)) {
          seen.add(mutation.xml);
          out.push({ fileIndex, mutation });
        }
      }
    }
  }
  const done = new Set<string>();
  for (const ruleSet of ruleSets) {
    for (const check of targetChecks(ruleSet)) {
      if (done.has(check.id) || isInert(check)) continue;
      done.add(check.id);
      const start = hashString(check.id) % files.length;
      // The first document (from a place set by the rule id) that gives a new variant.
      search: for (const allowCreated of [true]) {
        for (let tried = 0; tried < Math.min(files.length, 12); tried++) {
          const fileIndex = (start + tried) % files.length;
          const xml = files[fileIndex]!.xml;
          const doc = docOf(fileIndex);
          const national = nationalEdits(doc, check.id);
          const aimed = aimAt(xml, doc, check).filter(
            (candidate) => allowCreated || !candidate.created,
          );
          if (national.length > 0 && allowCreated) {
            aimed.push({ label: `target ${check.id}`, edits: [], created: false });
          }
          const mutation = aimed
            .map(({ label, edits }) => ({
              label: national.length > 0 ? `${label} (${check.id.slice(0, 2)} parties)` : label,
              xml: applyEdits(xml, [...national, ...edits]),
            }))
            .find((candidate) => !seen.has(candidate.xml));
          if (mutation) {
            seen.add(mutation.xml);
            out.push({ fileIndex, mutation });
            break search;
          }
        }
      }
    }
  }
  return out;
}
