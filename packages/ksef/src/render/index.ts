import type { KsefEnvironment } from '../qr/index.ts';
import { buildInvoiceView, type OfflineOption, type ViewOptions } from './build-view.ts';
import { invoiceViewToHtml } from './html-view.ts';
import type { InvoiceView } from './invoice-view.ts';
import { isNode } from './ksef-json.ts';
import type { RenderLanguage } from './labels.ts';
import { invoiceViewToPdf } from './pdf-view.ts';

export type { InvoiceView } from './invoice-view.ts';
export type { OfflineOption } from './build-view.ts';
export type { RenderLanguage } from './labels.ts';

export interface KsefRenderOptions {
  /** `pl` (default) or `en`. */
  lang?: RenderLanguage;
  /** The KSeF environment of the KOD I / KOD II links: `PRD` (default), `DEMO` or `TE`. */
  env?: KsefEnvironment;
  /** The invoice's KSeF number, when KSeF has given one: shown in the header and under KOD I. */
  ksefNumber?: string;
  /**
   * The invoice file exactly as sent to KSeF: KOD I carries its SHA-256, so without it the
   * visualisation has no KOD I.
   */
  xmlBytes?: Uint8Array | string;
  /** For an invoice issued offline: KOD II (the issuer's certificate link) or how to make it. */
  offline?: OfflineOption;
}

const languages: readonly string[] = ['pl', 'en'];
const environments: readonly string[] = ['TE', 'DEMO', 'PRD'];

function checkedOptions(options: KsefRenderOptions | undefined): ViewOptions {
  const lang = options?.lang ?? 'pl';
  if (!languages.includes(lang)) {
    throw new TypeError(`Unsupported rendering language ${JSON.stringify(lang)}: use 'pl' or 'en'`);
  }
  const env = options?.env ?? 'PRD';
  if (!environments.includes(env)) {
    throw new TypeError(`Unknown KSeF environment ${JSON.stringify(env)}: use TE, DEMO or PRD`);
  }
  return {
    lang,
    env,
    ...(options?.ksefNumber !== undefined ? { ksefNumber: options.ksefNumber } : {}),
    ...(options?.xmlBytes !== undefined ? { xmlBytes: options.xmlBytes } : {}),
    ...(options?.offline !== undefined ? { offline: options.offline } : {}),
  };
}

function viewOf(json: unknown, options: KsefRenderOptions | undefined): InvoiceView {
  const faktura = isNode(json) ? json.Faktura : undefined;
  if (!isNode(faktura)) {
    throw new TypeError(
      'The invoice to render must be KSeF JSON with a Faktura object (see ksefToJson)',
    );
  }
  return buildInvoiceView(faktura, checkedOptions(options));
}

/**
 * The Ministry's visualisation of an FA invoice (its sections and layout: header with the
 * invoice and KSeF numbers, Sprzedawca / Nabywca / Podmiot3, szczegóły, pozycje, podsumowanie
 * stawek, adnotacje, rozliczenie, płatność, stopka, KOD I and for offline invoices KOD II) as a
 * self-contained HTML page: inline CSS, no script, all invoice text escaped. Invalid invoices
 * render what they contain. Throws a TypeError for an unknown language or environment or when
 * `json` has no `Faktura` object, and a RangeError when `offline` cannot make KOD II (a key or
 * part `offlineCertificateLink` refuses). KOD I is left out when the invoice's seller NIP or
 * issue date cannot make the link.
 */
export function renderKsefHtml(json: unknown, options?: KsefRenderOptions): string {
  return invoiceViewToHtml(viewOf(json, options));
}

/**
 * The same visualisation as an A4 PDF (pdfkit with DejaVu fonts, no browser): tables break
 * across pages with their headings repeated, every page numbered "x z y" / "x of y".
 * Rejects with a TypeError where `renderKsefHtml` throws.
 */
export async function renderKsefPdf(
  json: unknown,
  options?: KsefRenderOptions,
): Promise<Uint8Array> {
  return invoiceViewToPdf(viewOf(json, options));
}

/** The visualisation as data (sections of formatted text), for tests and other front ends. */
export function ksefInvoiceView(json: unknown, options?: KsefRenderOptions): InvoiceView {
  return viewOf(json, options);
}
