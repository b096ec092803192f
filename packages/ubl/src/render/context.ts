import {
  formatDate,
  formatDecimal,
  formatMoney,
  formatRate,
  type Field,
} from '@fiscus/fatturapa/render-kit';
import { attribute, text, textOf, type JsonObject } from './json-access.ts';
import {
  describeUblCode,
  fillLabel,
  ublLabels,
  type CodeListName,
  type Labels,
  type UblLang,
} from './labels.ts';

/** Formatting bound to one language and one document currency. */
export interface UblRenderContext {
  lang: UblLang;
  labels: Labels;
  fill(template: string, values: Record<string, string | number>): string;
  /** An amount element (`{ value, currencyID }`) in its own currency, else the document's. */
  money(parent: unknown, key: string): string;
  decimal(value: string, minFraction?: number): string;
  rate(value: string): string;
  date(value: string): string;
  /** "380 - Commercial invoice", or the bare code when the list does not have it. */
  code(list: CodeListName, code: string): string;
  /** A quantity element with its unit: "7 days", "10 pcs", "3 XYZ". */
  quantity(parent: unknown, key: string): string;
  /** Fields with an empty value are dropped, so absent optional data leaves no empty line. */
  fields(entries: [string, string][]): Field[];
}

export function createUblContext(lang: UblLang, currency: string): UblRenderContext {
  const labels = ublLabels(lang);
  const decimal = (value: string, minFraction = 0) =>
    value ? formatDecimal(value, lang, minFraction) : '';
  return {
    lang,
    labels,
    fill: fillLabel,
    money: (parent, key) => {
      const value = text(parent, key);
      if (!value) return '';
      return formatMoney(value, attribute(parent, key, 'currencyID') || currency, lang);
    },
    decimal,
    rate: (value) => (value ? formatRate(value, lang) : ''),
    date: (value) => (value ? formatDate(value, lang) : ''),
    code: (list, code) => {
      if (!code) return '';
      const meaning = describeUblCode(list, code, lang);
      return meaning ? `${code} - ${meaning}` : code;
    },
    quantity: (parent, key) => {
      const value = text(parent, key);
      if (!value) return '';
      const unitCode = attribute(parent, key, 'unitCode');
      const unit = unitCode ? (describeUblCode('unit', unitCode, lang) ?? unitCode) : '';
      return unit ? `${decimal(value)}\u00a0${unit}` : decimal(value);
    },
    fields: (entries) =>
      entries
        .filter(([, value]) => value.trim() !== '')
        .map(([label, value]) => ({ label, value })),
  };
}

/** "scheme: value" of an identifier element (`{ value, schemeID }`), or the bare value. */
export function schemed(parent: JsonObject, key: string): string {
  const value = text(parent, key);
  const scheme = attribute(parent, key, 'schemeID');
  return value && scheme ? `${scheme}: ${value}` : value;
}

/** "start – end" of a period element, either end optional. */
export function periodText(ctx: UblRenderContext, period: JsonObject): string {
  const start = [ctx.date(text(period, 'StartDate')), text(period, 'StartTime')]
    .filter(Boolean)
    .join(' ');
  const end = [ctx.date(text(period, 'EndDate')), text(period, 'EndTime')]
    .filter(Boolean)
    .join(' ');
  if (start && end) return `${start} – ${end}`;
  return start || (end ? `– ${end}` : '');
}

/** A text joined from the non-empty parts. */
export function joined(parts: string[], separator = ', '): string {
  return parts.filter((part) => part !== '').join(separator);
}

export { textOf };
