/**
 * The mutation generator of the differential test: from one well-formed corpus document it makes
 * deterministic (seeded) variants that break or bend the business rules, as string splices over
 * the spans of whole elements, attributes or text, so every variant stays well-formed XML.
 *
 * Kinds: remove, empty, duplicate or swap an element; re-code a code value (another value of the
 * same code list, or one no list has); mis-total an amount (±0.01, ×10, negative, more decimals,
 * non-numeric text); change currencyID, schemeID, unitCode; change a date (invalid, other
 * format); change an identifier (VAT number, GLN check digit, endpoint id).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { peppolSpec } from './corpus.ts';

/** An element of the scanned document, by offsets into its text. */
export interface Span {
  local: string;
  qname: string;
  /** Offset of '<' of the start tag. */
  start: number;
  /** Offset just after the start tag's '>'. */
  openEnd: number;
  /** Offset of the end tag's '<' (= openEnd for an empty element written `<a/>`). */
  closeStart: number;
  /** Offset just after the element. */
  end: number;
  selfClosing: boolean;
  parent: number;
  children: number[];
  attributes: { name: string; valueStart: number; valueEnd: number; value: string }[];
  /** The text of a leaf element (no child elements), undefined otherwise. */
  text: string | undefined;
}

/** Reads the element structure of a trusted, well-formed corpus document. */
export function scan(xml: string): Span[] {
  const spans: Span[] = [];
  const stack: number[] = [];
  let at = 0;
  for (;;) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) {
      at = xml.indexOf('-->', lt) + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      at = xml.indexOf(']]>', lt) + 3;
    } else if (xml[lt + 1] === '?' || xml[lt + 1] === '!') {
      at = xml.indexOf('>', lt) + 1;
    } else if (xml[lt + 1] === '/') {
      const gt = xml.indexOf('>', lt);
      const index = stack.pop()!;
      const span = spans[index]!;
      span.closeStart = lt;
      span.end = gt + 1;
      if (span.children.length === 0) span.text = xml.slice(span.openEnd, lt);
      at = gt + 1;
    } else {
      let nameEnd = lt + 1;
      while (!/[\s/>]/.test(xml[nameEnd]!)) nameEnd++;
      const qname = xml.slice(lt + 1, nameEnd);
      const attributes: Span['attributes'] = [];
      let cursor = nameEnd;
      for (;;) {
        while (/\s/.test(xml[cursor]!)) cursor++;
        if (xml[cursor] === '>' || xml[cursor] === '/') break;
        const eq = xml.indexOf('=', cursor);
        const name = xml.slice(cursor, eq).trim();
        let quote = eq + 1;
        while (/\s/.test(xml[quote]!)) quote++;
        const valueEnd = xml.indexOf(xml[quote]!, quote + 1);
        attributes.push({
          name,
          valueStart: quote + 1,
          valueEnd,
          value: xml.slice(quote + 1, valueEnd),
        });
        cursor = valueEnd + 1;
      }
      const selfClosing = xml[cursor] === '/';
      const openEnd = xml.indexOf('>', cursor) + 1;
      const parent = stack.length > 0 ? stack[stack.length - 1]! : -1;
      const span: Span = {
        local: qname.slice(qname.indexOf(':') + 1),
        qname,
        start: lt,
        openEnd,
        closeStart: openEnd,
        end: openEnd,
        selfClosing,
        parent,
        children: [],
        attributes,
        text: selfClosing ? '' : undefined,
      };
      spans.push(span);
      if (parent >= 0) spans[parent]!.children.push(spans.length - 1);
      if (!selfClosing) stack.push(spans.length - 1);
      at = openEnd;
    }
  }
  return spans;
}

/** A small, fast, seeded generator (mulberry32): the same seed gives the same mutations. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

// --- code lists --------------------------------------------------------------------------------

type CodeLists = Map<string, string[]>;
let codeListsCache: CodeLists | undefined;

function codeLists(): CodeLists {
  if (codeListsCache) return codeListsCache;
  const lists: CodeLists = new Map();
  const folder = path.join(peppolSpec, 'bis-billing-3/codelists');
  const files: Record<string, string> = {
    ISO3166: 'ISO3166-1_Alpha2.xml',
    ISO4217: 'ISO4217_2015.xml',
    MIME: 'MimeCode.xml',
    UNCL1001inv: 'UNCL1001-inv.xml',
    UNCL1001cn: 'UNCL1001-cn.xml',
    UNCL1153: 'UNCL1153.xml',
    UNCL2005: 'UNCL2005.xml',
    UNCL4461: 'UNCL4461.xml',
    UNCL5189: 'UNCL5189.xml',
    UNCL5305: 'UNCL5305.xml',
    UNCL7143: 'UNCL7143.xml',
    UNCL7161: 'UNCL7161.xml',
    Rec20: 'UNECERec20-11e.xml',
    VATEX: 'VATEX.xml',
    EAS: 'eas.xml',
    ICD: 'icd.xml',
  };
  for (const [name, file] of Object.entries(files)) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    const values: string[] = [];
    let at = 0;
    for (;;) {
      const open = text.indexOf('<Id>', at);
      if (open < 0) break;
      const close = text.indexOf('</Id>', open);
      values.push(text.slice(open + 4, close).trim());
      at = close;
    }
    lists.set(name, values);
  }
  codeListsCache = lists;
  return lists;
}

/** The code list a code-valued element or attribute draws from, by its name and place. */
function listFor(spans: Span[], span: Span, attribute?: string): string | undefined {
  const parent = span.parent >= 0 ? spans[span.parent]!.local : '';
  if (attribute === 'currencyID') return 'ISO4217';
  if (attribute === 'unitCode') return 'Rec20';
  if (attribute === 'mimeCode') return 'MIME';
  if (attribute === 'listID' && span.local === 'ItemClassificationCode') return 'UNCL7143';
  if (attribute === 'schemeID') return span.local === 'EndpointID' ? 'EAS' : 'ICD';
  if (attribute) return undefined;
  if (span.local.endsWith('CurrencyCode')) return 'ISO4217';
  if (span.local === 'InvoiceTypeCode') return 'UNCL1001inv';
  if (span.local === 'CreditNoteTypeCode') return 'UNCL1001cn';
  if (span.local === 'DocumentTypeCode') return 'UNCL1001inv';
  if (span.local === 'PaymentMeansCode') return 'UNCL4461';
  if (span.local === 'IdentificationCode') return 'ISO3166';
  if (span.local === 'TaxExemptionReasonCode') return 'VATEX';
  if (span.local === 'DescriptionCode') return 'UNCL2005';
  if (span.local === 'AllowanceChargeReasonCode') return 'UNCL5189';
  if (span.local === 'ID' && (parent === 'TaxCategory' || parent === 'ClassifiedTaxCategory')) {
    return 'UNCL5305';
  }
  if (span.local.endsWith('UnitMeasure') || span.local.endsWith('QuantityUnitCode')) return 'Rec20';
  return undefined;
}

// --- forbidden elements ------------------------------------------------------------------------

/**
 * An element a rule set forbids (`<xsl:when test="not(cac:A/cbc:B)"/>` in a rule whose context
 * ends with `contextLocal`): inserting it fires the rule (EN 16931's UBL-CR rules are most).
 */
export interface Insertion {
  contextLocal: string;
  path: string[];
}

const namespaces: Record<string, string> = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};

const isQName = (step: string): boolean => {
  const colon = step.indexOf(':');
  return (
    colon > 0 && step.slice(0, colon) in namespaces && /^[A-Za-z]+$/.test(step.slice(colon + 1))
  );
};

/** The last step's local name of each alternative of a template's match, when it is plain. */
function contextLocals(match: string): string[] {
  return match.split('|').flatMap((alternative) => {
    const steps = alternative.trim().split('/');
    const last = steps[steps.length - 1]!;
    const colon = last.indexOf(':');
    return colon > 0 && /^[A-Za-z]+$/.test(last.slice(colon + 1)) ? [last.slice(colon + 1)] : [];
  });
}

/** The forbidden elements of an official XSLT (read from its compiled rules). */
export function readInsertions(xslt: string): Insertion[] {
  const insertions: Insertion[] = [];
  let at = 0;
  for (;;) {
    const template = xslt.indexOf('<xsl:template match="', at);
    if (template < 0) break;
    const matchStart = template + '<xsl:template match="'.length;
    const matchEnd = xslt.indexOf('"', matchStart);
    const end = xslt.indexOf('</xsl:template>', matchEnd);
    const body = xslt.slice(matchEnd, end < 0 ? xslt.length : end);
    const contexts = contextLocals(xslt.slice(matchStart, matchEnd));
    let cursor = 0;
    for (;;) {
      const marker = '<xsl:when test="not(';
      const test = body.indexOf(marker, cursor);
      if (test < 0) break;
      const close = body.indexOf('"', test + marker.length);
      if (close < 0) break;
      if (body[close - 1] === ')') {
        const path = body.slice(test + marker.length, close - 1).split('/');
        if (path.every(isQName)) {
          for (const contextLocal of contexts) insertions.push({ contextLocal, path });
        }
      }
      cursor = close + 1;
    }
    at = end < 0 ? xslt.length : end;
  }
  return insertions;
}

/**
 * The code lists a rule set spells out itself (`tokenize('A B C', '\s')`, as the ordering
 * transactions' rules do), so re-coding reaches the codes those rules check.
 */
export function readCodeLists(xslt: string): string[][] {
  const lists: string[][] = [];
  const marker = "tokenize('";
  let at = 0;
  for (;;) {
    const start = xslt.indexOf(marker, at);
    if (start < 0) break;
    const end = xslt.indexOf("'", start + marker.length);
    if (end < 0) break;
    const values = xslt
      .slice(start + marker.length, end)
      .split(' ')
      .filter((value) => value !== '');
    if (values.length >= 2) lists.push(values);
    at = end + 1;
  }
  return lists;
}

// --- mutations ---------------------------------------------------------------------------------

export interface Mutation {
  /** A short, stable description: kind, target path and new value. */
  label: string;
  xml: string;
}

type Kind =
  | 'remove'
  | 'empty'
  | 'duplicate'
  | 'swap'
  | 'recode'
  | 'invalid-code'
  | 'amount'
  | 'currency'
  | 'scheme'
  | 'unit'
  | 'date'
  | 'identifier'
  | 'insert';

const kinds: Kind[] = [
  'insert',
  'remove',
  'amount',
  'recode',
  'empty',
  'date',
  'identifier',
  'duplicate',
  'invalid-code',
  'currency',
  'swap',
  'scheme',
  'insert',
  'unit',
  'remove',
  'insert',
  'amount',
  'recode',
];

function splice(xml: string, from: number, to: number, text: string): string {
  return xml.slice(0, from) + text + xml.slice(to);
}

export function pathOf(spans: Span[], index: number): string {
  const steps: string[] = [];
  for (let at = index; at >= 0; at = spans[at]!.parent) {
    const span = spans[at]!;
    const siblings = span.parent >= 0 ? spans[span.parent]!.children : [at];
    const same = siblings.filter((sibling) => spans[sibling]!.qname === span.qname);
    steps.unshift(same.length > 1 ? `${span.qname}[${same.indexOf(at) + 1}]` : span.qname);
  }
  return `/${steps.join('/')}`;
}

function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

const isNumber = (text: string): boolean => /^\s*-?\d+(?:\.\d+)?\s*$/.test(text);
const isDate = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text.trim());

/** Variants of a number that rules about totals, signs and decimals notice. */
function amountVariants(text: string): string[] {
  const value = Number(text.trim());
  const decimals = text.includes('.') ? text.trim().split('.')[1]!.length : 0;
  const fixed = (n: number, d = decimals): string => n.toFixed(d);
  return [
    fixed(value + 0.01, Math.max(decimals, 2)),
    fixed(value - 0.01, Math.max(decimals, 2)),
    fixed(value * 10),
    value === 0 ? '-1' : fixed(-value),
    `${fixed(value, Math.max(decimals, 2))}7`,
    'abc',
    '',
    '0',
  ];
}

function dateVariants(text: string): string[] {
  const [year, month, day] = text.trim().split('-');
  return [
    `${year}-13-45`,
    `${day}.${month}.${year}`,
    `${year}${month}${day}`,
    `${year}-${month}-${day}T10:00:00`,
    `${Number(year) + 1}-${month}-${day}`,
    `${Number(year) - 30}-${month}-${day}`,
  ];
}

/** Changes one digit (the last: a GLN or EAN check digit) or the letters of an identifier. */
function identifierVariants(text: string): string[] {
  const value = text.trim();
  const variants: string[] = [];
  const last = value[value.length - 1];
  if (last && /\d/.test(last)) {
    variants.push(value.slice(0, -1) + String((Number(last) + 1) % 10));
  }
  if (/^[A-Z]{2}/.test(value)) {
    variants.push(value.slice(2), `XX${value.slice(2)}`, `${value.slice(0, 2)} ${value.slice(2)}`);
  } else variants.push(`IT${value}`);
  variants.push(`${value}0`, value.slice(0, Math.max(1, value.length - 3)));
  return variants;
}

/**
 * Makes `count` distinct mutations of `xml`, the same ones for the same `seed`: kinds in a fixed
 * rotation, targets drawn at random among the elements that kind applies to.
 */
export function mutate(
  xml: string,
  count: number,
  seed: number,
  insertions: readonly Insertion[] = [],
  ruleCodeLists: readonly (readonly string[])[] = [],
): Mutation[] {
  const spans = scan(xml);
  const random = seededRandom(seed ^ hashString(xml));
  const lists = codeLists();
  const all = spans.map((_, index) => index).filter((index) => index > 0);
  const leaves = all.filter((index) => spans[index]!.text !== undefined);
  const withText = leaves.filter((index) => spans[index]!.text!.trim() !== '');
  const numeric = withText.filter((index) => isNumber(spans[index]!.text!));
  const amounts = numeric.filter((index) => {
    const { local, attributes } = spans[index]!;
    return (
      attributes.some((a) => a.name === 'currencyID') ||
      /(?:Amount|Quantity|Percent|Price|Rate|Numeric)$/.test(local)
    );
  });
  const dates = withText.filter((index) => isDate(spans[index]!.text!));
  const coded = withText.filter((index) => listFor(spans, spans[index]!) !== undefined);
  const listsOf = new Map<string, (readonly string[])[]>();
  for (const list of ruleCodeLists) {
    for (const value of list) listsOf.set(value, [...(listsOf.get(value) ?? []), list]);
  }
  const ruleCoded = withText.filter(
    (index) => listsOf.has(spans[index]!.text!.trim()) && !isNumber(spans[index]!.text!),
  );
  const codeLike = withText.filter((index) => /(?:Code|ID)$/.test(spans[index]!.local));
  const identifiers = withText.filter((index) => {
    const span = spans[index]!;
    return (
      span.local === 'EndpointID' ||
      span.local === 'CompanyID' ||
      span.attributes.some((a) => a.name === 'schemeID') ||
      (span.local === 'ID' && spans[span.parent]!.local === 'PartyIdentification')
    );
  });
  const withAttribute = (name: string): [number, number][] =>
    all.flatMap((index) =>
      spans[index]!.attributes.flatMap((attribute, at) =>
        attribute.name === name ? [[index, at] as [number, number]] : [],
      ),
    );
  const currencies = withAttribute('currencyID');
  const schemes = withAttribute('schemeID');
  const units = [...withAttribute('unitCode'), ...withAttribute('listID')];
  const swappable = all.filter((index) => {
    const span = spans[index]!;
    const siblings = spans[span.parent]?.children ?? [];
    const next = siblings[siblings.indexOf(index) + 1];
    return next !== undefined && spans[next]!.qname !== span.qname;
  });

  const insertable = insertions.flatMap((insertion) =>
    all
      .filter(
        (index) => spans[index]!.local === insertion.contextLocal && !spans[index]!.selfClosing,
      )
      .map((index) => [index, insertion] as const),
  );
  if (insertions.length > 0 && spans[0]) {
    for (const insertion of insertions) {
      if (insertion.contextLocal === spans[0].local) insertable.push([0, insertion] as const);
    }
  }

  const text = (index: number, value: string, label: string): Mutation => {
    const span = spans[index]!;
    const escaped = value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    const body = span.selfClosing
      ? `<${span.qname}${xml.slice(span.start + 1 + span.qname.length, span.openEnd - 2)}>${escaped}</${span.qname}>`
      : undefined;
    return {
      label: `${label} ${pathOf(spans, index)} = ${JSON.stringify(value)}`,
      xml: body
        ? splice(xml, span.start, span.end, body)
        : splice(xml, span.openEnd, span.closeStart, escaped),
    };
  };
  const attribute = ([index, at]: [number, number], value: string, label: string): Mutation => {
    const a = spans[index]!.attributes[at]!;
    return {
      label: `${label} ${pathOf(spans, index)}/@${a.name} = ${JSON.stringify(value)}`,
      xml: splice(xml, a.valueStart, a.valueEnd, value.replaceAll('&', '&amp;')),
    };
  };
  const otherCode = (list: string, current: string): string => {
    const values = lists.get(list)!.filter((value) => value !== current.trim());
    return pick(random, values) ?? 'ZZZ';
  };

  const make = (kind: Kind): Mutation | undefined => {
    switch (kind) {
      case 'insert': {
        const target = pick(random, insertable);
        if (!target) return undefined;
        const [index, { path }] = target;
        const declarations = Object.entries(namespaces)
          .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
          .join('');
        let element = 'X1';
        for (let step = path.length - 1; step >= 0; step--) {
          element = `<${path[step]!}${step === 0 ? declarations : ''}>${element}</${path[step]!}>`;
        }
        const at = spans[index]!.openEnd;
        return {
          label: `insert ${path.join('/')} into ${pathOf(spans, index)}`,
          xml: splice(xml, at, at, element),
        };
      }
      case 'remove': {
        const index = pick(random, all);
        if (index === undefined) return undefined;
        const span = spans[index]!;
        return {
          label: `remove ${pathOf(spans, index)}`,
          xml: splice(xml, span.start, span.end, ''),
        };
      }
      case 'empty': {
        const index = pick(random, random() < 0.7 ? withText : all);
        if (index === undefined) return undefined;
        const span = spans[index]!;
        if (span.selfClosing) return undefined;
        return {
          label: `empty ${pathOf(spans, index)}`,
          xml: splice(xml, span.openEnd, span.closeStart, ''),
        };
      }
      case 'duplicate': {
        const index = pick(random, all);
        if (index === undefined) return undefined;
        const span = spans[index]!;
        return {
          label: `duplicate ${pathOf(spans, index)}`,
          xml: splice(xml, span.end, span.end, xml.slice(span.start, span.end)),
        };
      }
      case 'swap': {
        const index = pick(random, swappable);
        if (index === undefined) return undefined;
        const span = spans[index]!;
        const siblings = spans[span.parent]!.children;
        const next = spans[siblings[siblings.indexOf(index) + 1]!]!;
        const between = xml.slice(span.end, next.start);
        return {
          label: `swap ${pathOf(spans, index)} with its next sibling ${next.qname}`,
          xml: splice(
            xml,
            span.start,
            next.end,
            xml.slice(next.start, next.end) + between + xml.slice(span.start, span.end),
          ),
        };
      }
      case 'recode': {
        const fromRules = ruleCoded.length > 0 && (coded.length === 0 || random() < 0.5);
        const index = pick(random, fromRules ? ruleCoded : coded);
        if (index === undefined) return undefined;
        const span = spans[index]!;
        if (fromRules) {
          const current = span.text!.trim();
          const list = pick(random, listsOf.get(current)!)!;
          const value =
            pick(
              random,
              list.filter((code) => code !== current),
            ) ?? 'ZZZ';
          return text(index, value, 'recode');
        }
        return text(index, otherCode(listFor(spans, span)!, span.text!), 'recode');
      }
      case 'invalid-code': {
        const index = pick(random, [...coded, ...codeLike]);
        if (index === undefined) return undefined;
        return text(index, pick(random, ['ZZZ', '999', 'x', ' ', 'EU'])!, 'invalid code');
      }
      case 'amount': {
        const index = pick(random, random() < 0.85 ? amounts : numeric);
        if (index === undefined) return undefined;
        return text(index, pick(random, amountVariants(spans[index]!.text!))!, 'amount');
      }
      case 'currency': {
        const target = pick(random, currencies);
        if (!target) return undefined;
        const current = spans[target[0]]!.attributes[target[1]]!.value;
        const value = random() < 0.7 ? otherCode('ISO4217', current) : 'EURO';
        return attribute(target, value, 'currencyID');
      }
      case 'scheme': {
        const target = pick(random, schemes);
        if (!target) return undefined;
        const span = spans[target[0]]!;
        const current = span.attributes[target[1]]!.value;
        const list = listFor(spans, span, 'schemeID')!;
        const value =
          random() < 0.7 ? otherCode(list, current) : pick(random, ['9999', 'VAT', ''])!;
        return attribute(target, value, 'schemeID');
      }
      case 'unit': {
        const target = pick(random, units);
        if (!target) return undefined;
        const span = spans[target[0]]!;
        const { name, value: current } = span.attributes[target[1]]!;
        const list = listFor(spans, span, name);
        const value = list && random() < 0.7 ? otherCode(list, current) : 'XYZ';
        return attribute(target, value, name);
      }
      case 'date': {
        const index = pick(random, dates);
        if (index === undefined) return undefined;
        return text(index, pick(random, dateVariants(spans[index]!.text!))!, 'date');
      }
      case 'identifier': {
        const index = pick(random, identifiers);
        if (index === undefined) return undefined;
        return text(index, pick(random, identifierVariants(spans[index]!.text!))!, 'identifier');
      }
    }
  };

  const mutations: Mutation[] = [];
  const seen = new Set<string>([xml]);
  const offset = Math.floor(random() * kinds.length);
  for (let attempt = 0; mutations.length < count && attempt < count * 20; attempt++) {
    const mutation = make(kinds[(offset + attempt) % kinds.length]!);
    if (mutation && !seen.has(mutation.xml)) {
      seen.add(mutation.xml);
      mutations.push(mutation);
    }
  }
  return mutations;
}
