import {
  renderedInvoiceToHtml,
  renderedInvoiceToPdf,
  type RenderedInvoice,
  type RenderTheme,
} from '@fiscus/fatturapa/render-kit';
import {
  invoiceDocument,
  orderDocument,
  orderResponseDocument,
  renderableRoots,
} from './documents.ts';
import { documentRoot } from './json-access.ts';
import { ublLabels, ublLanguages, type UblLang } from './labels.ts';

export type { UblLang } from './labels.ts';
export { ublLanguages } from './labels.ts';
export { renderableRoots } from './documents.ts';

export interface UblRenderOptions {
  /** it, en (default), pl, nl or fr. */
  lang?: UblLang;
  /** `standard` (default) or `compact`, which fits more lines on a page. */
  theme?: RenderTheme;
}

const themes: readonly string[] = ['standard', 'compact'];

function rendered(
  json: unknown,
  options: UblRenderOptions | undefined,
): { document: RenderedInvoice; theme: RenderTheme } {
  const lang = options?.lang ?? 'en';
  if (!ublLanguages.includes(lang)) {
    throw new TypeError(
      `Unsupported rendering language ${JSON.stringify(lang)}: use ${ublLanguages.join(', ')}`,
    );
  }
  const theme = options?.theme ?? 'standard';
  if (!themes.includes(theme)) {
    throw new TypeError(
      `Unsupported rendering theme ${JSON.stringify(theme)}: use 'standard' or 'compact'`,
    );
  }
  const found = documentRoot(json);
  if (!found) {
    throw new TypeError(
      'The document to render must be UBL JSON: one key, the root element (see ublToJson)',
    );
  }
  const { name, root } = found;
  let content;
  switch (name) {
    case 'Invoice':
    case 'CreditNote':
      content = invoiceDocument(root, name, lang);
      break;
    case 'Order':
      content = orderDocument(root, lang);
      break;
    case 'OrderResponse':
      content = orderResponseDocument(root, lang);
      break;
    default:
      throw new TypeError(
        `Cannot render the document type ${name}: rendering covers ${renderableRoots.join(', ')}`,
      );
  }
  return {
    document: {
      lang,
      pageLabel: ublLabels(lang).page,
      producer: 'Fiscus @fiscus/ubl',
      documents: [content],
    },
    theme,
  };
}

/**
 * A complete, self-contained HTML page of an Invoice, CreditNote, Order or OrderResponse in the
 * UBL JSON shape: inline CSS, no script, no external resource, all document text escaped; the
 * look of the FatturaPA rendering (its render kit). Invalid documents render what they contain.
 * Throws a TypeError for an unknown language or theme, a value that is not UBL JSON, or another
 * document type.
 */
export function renderHtml(json: unknown, options?: UblRenderOptions): string {
  const { document, theme } = rendered(json, options);
  return renderedInvoiceToHtml(document, theme);
}

/** The same content as `renderHtml` as an A4 PDF (pdfkit, DejaVu fonts, "page x of y"). */
export async function renderPdf(json: unknown, options?: UblRenderOptions): Promise<Uint8Array> {
  const { document, theme } = rendered(json, options);
  return renderedInvoiceToPdf(document, theme);
}
