import type { Lang } from '../findings.ts';
import { formatDate, formatDateTime } from './date-format.ts';
import { describeCode, fillLabel, labelsFor, type CodeListName, type Labels } from './labels.ts';
import { textOf } from './loose-model.ts';
import { formatDecimal, formatMoney, formatRate } from './number-format.ts';
import type { Field } from './rendered-document.ts';

/** Formatting bound to one language and one document currency. */
export interface RenderContext {
  lang: Lang;
  labels: Labels;
  fill(label: string, values: Record<string, string | number>): string;
  money(value: unknown): string;
  decimal(value: unknown, minFraction?: number): string;
  rate(value: unknown): string;
  date(value: unknown): string;
  dateTime(value: unknown): string;
  /** "MP05 - Bonifico": the code and its description, or the bare code when the list lacks it. */
  code(list: CodeListName, value: unknown): string;
  /** Fields with an empty value are dropped, so absent optional data leaves no empty line. */
  fields(entries: [string, string][]): Field[];
}

export function createRenderContext(lang: Lang, currency: string): RenderContext {
  const labels = labelsFor(lang);
  return {
    lang,
    labels,
    fill: fillLabel,
    money: (value) => {
      const text = textOf(value);
      return text ? formatMoney(text, currency, lang) : '';
    },
    decimal: (value, minFraction = 2) => {
      const text = textOf(value);
      return text ? formatDecimal(text, lang, minFraction) : '';
    },
    rate: (value) => {
      const text = textOf(value);
      return text ? formatRate(text, lang) : '';
    },
    date: (value) => formatDate(textOf(value), lang),
    dateTime: (value) => formatDateTime(textOf(value), lang),
    code: (list, value) => {
      const code = textOf(value);
      if (!code) return '';
      const description = describeCode(list, code, lang);
      return description ? `${code} - ${description}` : code;
    },
    fields: (entries) =>
      entries
        .filter(([, value]) => value.trim() !== '')
        .map(([label, value]) => ({ label, value })),
  };
}
