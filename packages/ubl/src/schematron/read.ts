/**
 * Reads an ISO schematron file (queryBinding xslt2) into a plain model, the way the ISO skeleton
 * compiles it: includes resolved, abstract patterns/rules expanded, `let`s at schema, pattern and
 * rule level, embedded `xsl:function`s and `xsl:key`s, asserts and reports with their message
 * parts. Only the active phase's patterns are kept (#ALL unless the schema names a default).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { XElement } from '../tree/node.ts';
import { readXml } from './xml.ts';

export const SCH_NS = 'http://purl.oclc.org/dsdl/schematron';
export const XSL_NS = 'http://www.w3.org/1999/XSL/Transform';

export interface Let {
  name: string;
  /** XPath of the value, or undefined when the value is literal text. */
  value?: string;
  text?: string;
}

export type MessagePart = string | { select: string } | { name: string | null };

export interface Check {
  kind: 'assert' | 'report';
  id: string;
  flag: string;
  test: string;
  message: MessagePart[];
}

export interface Rule {
  context: string;
  lets: Let[];
  checks: Check[];
}

export interface Pattern {
  id?: string;
  lets: Let[];
  rules: Rule[];
}

export type FnInstruction =
  | {
      op: 'variable';
      name: string;
      select?: string;
      text?: string;
      body?: FnInstruction[];
      as?: string;
    }
  | { op: 'sequence'; select: string }
  | { op: 'value-of'; select: string; separator?: string }
  | { op: 'text'; text: string }
  | { op: 'if'; test: string; body: FnInstruction[] }
  | { op: 'for-each'; select: string; body: FnInstruction[] }
  | {
      op: 'choose';
      whens: Array<{ test: string; body: FnInstruction[] }>;
      otherwise?: FnInstruction[];
    };

export interface XslFunction {
  name: string;
  as?: string;
  params: Array<{ name: string; as?: string }>;
  body: FnInstruction[];
}

export interface XslKey {
  name: string;
  match: string;
  use: string;
}

export interface SchematronModel {
  ns: Record<string, string>;
  lets: Let[];
  functions: XslFunction[];
  keys: XslKey[];
  patterns: Pattern[];
}

const children = (element: XElement): XElement[] =>
  element.children.filter((c): c is XElement => c.kind === 'element');
const attr = (element: XElement, name: string): string | undefined =>
  element.attrs.find((a) => a.local === name && a.ns === '')?.value;
const isSch = (element: XElement, local: string): boolean =>
  element.ns === SCH_NS && element.local === local;
const isXsl = (element: XElement, local: string): boolean =>
  element.ns === XSL_NS && element.local === local;

function textOf(element: XElement): string {
  let out = '';
  for (const child of element.children) out += child.kind === 'text' ? child.value : textOf(child);
  return out;
}

/** Reads a file and replaces each sch:include with the included file's root element. */
function loadResolved(path: string, depth = 0): XElement {
  if (depth > 20) throw new Error(`includes nested too deep at ${path}`);
  const document = readXml(readFileSync(path, 'utf8'));
  const root = document.root!;
  resolveIncludes(root, dirname(path), depth);
  return root;
}

function resolveIncludes(element: XElement, base: string, depth: number): void {
  for (let i = 0; i < element.children.length; i++) {
    const child = element.children[i]!;
    if (child.kind !== 'element') continue;
    if (isSch(child, 'include')) {
      const included = loadResolved(resolve(base, attr(child, 'href')!), depth + 1);
      included.parent = element;
      element.children[i] = included;
    } else resolveIncludes(child, base, depth);
  }
}

function readLet(element: XElement): Let {
  const value = attr(element, 'value');
  return value === undefined
    ? { name: attr(element, 'name')!, text: textOf(element) }
    : { name: attr(element, 'name')!, value };
}

function readMessage(element: XElement): MessagePart[] {
  const parts: MessagePart[] = [];
  for (const child of element.children) {
    if (child.kind === 'text') parts.push(child.value);
    else if (isSch(child, 'value-of')) parts.push({ select: attr(child, 'select')! });
    else if (isSch(child, 'name')) parts.push({ name: attr(child, 'path') ?? null });
    else parts.push(textOf(child));
  }
  return parts;
}

function readFnBody(element: XElement): FnInstruction[] {
  const out: FnInstruction[] = [];
  for (const child of element.children) {
    if (child.kind === 'text') {
      if (child.value.trim()) out.push({ op: 'text', text: child.value });
      continue;
    }
    if (isXsl(child, 'param') || isXsl(child, 'message')) continue;
    if (isXsl(child, 'variable')) {
      const select = attr(child, 'select');
      const as = attr(child, 'as');
      const variable: FnInstruction & { op: 'variable' } = {
        op: 'variable',
        name: attr(child, 'name')!,
      };
      if (select !== undefined) variable.select = select;
      else if (children(child).length) variable.body = readFnBody(child);
      else variable.text = textOf(child);
      if (as !== undefined) variable.as = as;
      out.push(variable);
    } else if (isXsl(child, 'sequence'))
      out.push({ op: 'sequence', select: attr(child, 'select')! });
    else if (isXsl(child, 'value-of')) {
      const separator = attr(child, 'separator');
      out.push(
        separator === undefined
          ? { op: 'value-of', select: attr(child, 'select')! }
          : { op: 'value-of', select: attr(child, 'select')!, separator },
      );
    } else if (isXsl(child, 'text')) out.push({ op: 'text', text: textOf(child) });
    else if (isXsl(child, 'if'))
      out.push({ op: 'if', test: attr(child, 'test')!, body: readFnBody(child) });
    else if (isXsl(child, 'for-each'))
      out.push({ op: 'for-each', select: attr(child, 'select')!, body: readFnBody(child) });
    else if (isXsl(child, 'choose')) {
      const whens = children(child)
        .filter((c) => isXsl(c, 'when'))
        .map((c) => ({ test: attr(c, 'test')!, body: readFnBody(c) }));
      const otherwise = children(child).find((c) => isXsl(c, 'otherwise'));
      out.push(
        otherwise
          ? { op: 'choose', whens, otherwise: readFnBody(otherwise) }
          : { op: 'choose', whens },
      );
    } else throw new Error(`unsupported xsl:${child.local} in a function body`);
  }
  return out;
}

function readFunction(element: XElement): XslFunction {
  const params = children(element)
    .filter((c) => isXsl(c, 'param'))
    .map((c) => {
      const as = attr(c, 'as');
      return as === undefined ? { name: attr(c, 'name')! } : { name: attr(c, 'name')!, as };
    });
  const as = attr(element, 'as');
  const fn: XslFunction = { name: attr(element, 'name')!, params, body: readFnBody(element) };
  if (as !== undefined) fn.as = as;
  return fn;
}

/** Replaces `$name` parameters of an abstract pattern in an expression (the skeleton does text substitution). */
function substitute(text: string, params: Map<string, string>): string {
  if (!params.size) return text;
  const names = [...params.keys()].sort((a, b) => b.length - a.length);
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '$') {
      const name = names.find((candidate) => text.startsWith(candidate, i + 1));
      if (name !== undefined) {
        out += params.get(name);
        i += name.length + 1;
        continue;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

function readRule(
  element: XElement,
  abstractRules: Map<string, XElement>,
  params: Map<string, string>,
): Rule {
  const lets: Let[] = [];
  const checks: Check[] = [];
  const visit = (container: XElement): void => {
    for (const child of children(container)) {
      if (isSch(child, 'let')) {
        const l = readLet(child);
        lets.push(l.value === undefined ? l : { name: l.name, value: substitute(l.value, params) });
      } else if (isSch(child, 'assert') || isSch(child, 'report')) {
        checks.push({
          kind: child.local as 'assert' | 'report',
          id: attr(child, 'id') ?? '',
          flag: attr(child, 'flag') ?? '',
          test: substitute(attr(child, 'test')!, params),
          message: readMessage(child),
        });
      } else if (isSch(child, 'extends')) {
        const base = abstractRules.get(attr(child, 'rule')!);
        if (!base) throw new Error(`unknown abstract rule ${attr(child, 'rule')}`);
        visit(base);
      }
    }
  };
  visit(element);
  return { context: substitute(attr(element, 'context')!, params), lets, checks };
}

export function readSchematron(path: string): SchematronModel {
  const root = loadResolved(path);
  const model: SchematronModel = { ns: {}, lets: [], functions: [], keys: [], patterns: [] };
  const all: XElement[] = [];
  const flatten = (element: XElement): void => {
    for (const child of children(element)) {
      // An included file's root may be a schema fragment wrapping patterns.
      if (isSch(child, 'schema')) flatten(child);
      else all.push(child);
    }
  };
  flatten(root);
  const abstractPatterns = new Map<string, XElement>();
  const abstractRules = new Map<string, XElement>();
  for (const element of all) {
    if (isSch(element, 'pattern') && attr(element, 'abstract') === 'true')
      abstractPatterns.set(attr(element, 'id')!, element);
    if (isSch(element, 'pattern')) {
      for (const rule of children(element))
        if (isSch(rule, 'rule') && attr(rule, 'abstract') === 'true')
          abstractRules.set(attr(rule, 'id')!, rule);
    }
  }
  const defaultPhase = attr(root, 'defaultPhase');
  let active: Set<string> | undefined;
  if (defaultPhase && defaultPhase !== '#ALL') {
    const phase = all.find((e) => isSch(e, 'phase') && attr(e, 'id') === defaultPhase);
    if (phase) active = new Set(children(phase).map((c) => attr(c, 'pattern')!));
  }
  for (const element of all) {
    if (isSch(element, 'ns')) model.ns[attr(element, 'prefix')!] = attr(element, 'uri')!;
    else if (isSch(element, 'let')) model.lets.push(readLet(element));
    else if (isXsl(element, 'function')) model.functions.push(readFunction(element));
    else if (isXsl(element, 'key'))
      model.keys.push({
        name: attr(element, 'name')!,
        match: attr(element, 'match')!,
        use: attr(element, 'use')!,
      });
    else if (isSch(element, 'pattern')) {
      if (attr(element, 'abstract') === 'true') continue;
      const id = attr(element, 'id');
      if (active && !(id && active.has(id))) continue;
      let source = element;
      const params = new Map<string, string>();
      const isA = attr(element, 'is-a');
      if (isA) {
        source = abstractPatterns.get(isA)!;
        for (const param of children(element))
          if (isSch(param, 'param')) params.set(attr(param, 'name')!, attr(param, 'value')!);
      }
      const pattern: Pattern = { lets: [], rules: [] };
      if (id !== undefined) pattern.id = id;
      for (const child of children(source)) {
        if (isSch(child, 'let')) pattern.lets.push(readLet(child));
        else if (isSch(child, 'rule') && attr(child, 'abstract') !== 'true')
          pattern.rules.push(readRule(child, abstractRules, params));
      }
      model.patterns.push(pattern);
    }
  }
  return model;
}
