import { fill, labelsFor, type LabelKey, type Labels, type RenderLanguage } from './labels.ts';
import { has, textOf } from './ksef-json.ts';
import { formatAmount, formatDate, formatDecimal, formatQuantity } from './pl-format.ts';
import type { ViewItem } from './invoice-view.ts';

/** Labels and formatting bound to one language and the invoice's currency. */
export interface ViewContext {
  lang: RenderLanguage;
  labels: Labels;
  currency: string;
  t(key: LabelKey, values?: Record<string, string | number>): string;
  /** An amount in the invoice's currency, "33 569,50 PLN". */
  money(value: unknown): string;
  /** An amount without currency (table cells under a currency caption), "33 569,50". */
  amount(value: unknown): string;
  quantity(value: unknown): string;
  date(value: unknown): string;
  country(code: unknown): string;
  /** An entry when the value is not empty, else nothing: absent data leaves no empty line. */
  entry(key: LabelKey, value: string): ViewItem[];
}

export function createViewContext(lang: RenderLanguage, currency: string): ViewContext {
  const labels = labelsFor(lang);
  let regions: Intl.DisplayNames | undefined;
  return {
    lang,
    labels,
    currency,
    t: (key, values) => (values ? fill(labels[key], values) : labels[key]),
    money: (value) => formatAmount(textOf(value), currency),
    amount: (value) => (has(value) ? formatDecimal(textOf(value), 2) : ''),
    quantity: (value) => formatQuantity(textOf(value)),
    date: (value) => formatDate(textOf(value)),
    country: (value) => {
      const code = textOf(value);
      if (!/^[A-Z]{2}$/.test(code)) return code;
      regions ??= new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
      // XI (Northern Ireland) and XU-style codes of the schema's list are not ISO regions.
      return regions.of(code) ?? code;
    },
    entry: (key, value) =>
      value.trim() === '' ? [] : [{ kind: 'entry', label: labels[key], value }],
  };
}
