import type { Lang } from '../findings.ts';
import type {
  AnyInvoice,
  FatturaElettronica,
  FatturaElettronicaSemplificata,
} from '../model/index.ts';
import { renderedInvoiceToHtml } from './html-renderer.ts';
import type { RenderTheme } from './html-styles.ts';
import { textOf, type Loose } from './loose-model.ts';
import { renderOrdinaryInvoice } from './ordinary-document.ts';
import { renderedInvoiceToPdf } from './pdf-renderer.ts';
import type { RenderedInvoice } from './rendered-document.ts';
import { renderSimplifiedInvoice } from './simplified-document.ts';

export type { RenderTheme } from './html-styles.ts';
export type { CodeListName } from './labels.ts';
export { codesOf, describeCode } from './labels.ts';
export { formatDate, formatDateTime } from './date-format.ts';
export { formatDecimal, formatMoney } from './number-format.ts';

export interface RenderOptions {
  lang: Lang;
  /** `standard` (default) or `compact`, which fits more lines on a page. */
  theme?: RenderTheme;
}

const languages: readonly string[] = ['it', 'en'];
const themes: readonly string[] = ['standard', 'compact'];

function checkedOptions(options: RenderOptions): { lang: Lang; theme: RenderTheme } {
  const lang = (options as Partial<RenderOptions> | undefined)?.lang;
  if (typeof lang !== 'string' || !languages.includes(lang)) {
    throw new TypeError(`Unsupported rendering language ${JSON.stringify(lang)}: use 'it' or 'en'`);
  }
  const theme = options.theme ?? 'standard';
  if (!themes.includes(theme)) {
    throw new TypeError(
      `Unsupported rendering theme ${JSON.stringify(theme)}: use 'standard' or 'compact'`,
    );
  }
  return { lang, theme };
}

/** FSM10 by the declared format, or by its shape: simplified bodies list `dati_beni_servizi`. */
function isSimplifiedShape(invoice: Loose<AnyInvoice>): boolean {
  const format = textOf(
    invoice.fattura_elettronica_header?.dati_trasmissione?.formato_trasmissione,
  );
  if (format === 'FSM10') return true;
  if (format === 'FPA12' || format === 'FPR12') return false;
  const bodies: unknown = invoice.fattura_elettronica_body;
  const body: unknown = Array.isArray(bodies) ? bodies[0] : bodies;
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as Record<string, unknown>).dati_beni_servizi)
  );
}

function toRendered(invoice: AnyInvoice, lang: Lang): RenderedInvoice {
  if (typeof invoice !== 'object' || invoice === null || Array.isArray(invoice)) {
    throw new TypeError('The invoice to render must be an invoice object (see parseInvoice)');
  }
  const loose = invoice as Loose<AnyInvoice>;
  return isSimplifiedShape(loose)
    ? renderSimplifiedInvoice(loose as Loose<FatturaElettronicaSemplificata>, lang)
    : renderOrdinaryInvoice(loose as Loose<FatturaElettronica>, lang);
}

/**
 * A complete, self-contained HTML page of an ordinary (every body of the file) or simplified
 * invoice: inline CSS, no script, no external resource, all invoice text escaped. A4 and
 * printable. Invalid invoices render what they contain. Throws a TypeError only for an unknown
 * language or theme, or when `invoice` is not an object.
 */
export function renderHtml(invoice: AnyInvoice, options: RenderOptions): string {
  const { lang, theme } = checkedOptions(options);
  return renderedInvoiceToHtml(toRendered(invoice, lang), theme);
}

/**
 * The same content as `renderHtml` as an A4 PDF (pdfkit, no browser): tables break across pages
 * with their headings repeated, every page says "page x of y". Fonts cover Latin, Greek and
 * Cyrillic scripts. Rejects with a TypeError in the cases where `renderHtml` throws.
 */
export async function renderPdf(invoice: AnyInvoice, options: RenderOptions): Promise<Uint8Array> {
  const { lang, theme } = checkedOptions(options);
  return renderedInvoiceToPdf(toRendered(invoice, lang), theme);
}
