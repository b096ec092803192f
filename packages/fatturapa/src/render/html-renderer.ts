import { htmlStyles, type RenderTheme } from './html-styles.ts';
import type {
  Field,
  PartyBox,
  RenderedDocument,
  RenderedInvoice,
  Section,
  TableCell,
} from './rendered-document.ts';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Invoice text is untrusted (anyone can send an invoice): every string goes through here, in
 * text and attribute positions alike, so no markup from an invoice ever reaches the page.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

function fieldList(fields: Field[], className: string): string {
  const items = fields
    .map((field) => `<dt>${escapeHtml(field.label)}</dt><dd>${escapeHtml(field.value)}</dd>`)
    .join('');
  return `<dl class="${className}">${items}</dl>`;
}

function partyBox(party: PartyBox): string {
  return (
    `<section class="party"><h3>${escapeHtml(party.title)}</h3>` +
    `<p class="party-name">${escapeHtml(party.name)}</p>${fieldList(party.fields, 'party-fields')}</section>`
  );
}

function cell(content: TableCell, align: 'left' | 'right'): string {
  const details = (content.details ?? [])
    .map((detail) => `<div class="detail">${escapeHtml(detail)}</div>`)
    .join('');
  return `<td class="${align}">${escapeHtml(content.text)}${details}</td>`;
}

function section(part: Section): string {
  switch (part.kind) {
    case 'parties':
      return `<div class="parties">${part.parties.map(partyBox).join('')}</div>`;
    case 'fields':
      return `<section class="block"><h2>${escapeHtml(part.title)}</h2>${fieldList(part.fields, 'fields')}</section>`;
    case 'paragraphs':
      return (
        `<section class="block"><h2>${escapeHtml(part.title)}</h2>` +
        part.paragraphs.map((text) => `<p class="note">${escapeHtml(text)}</p>`).join('') +
        '</section>'
      );
    case 'totals': {
      const rows = part.rows
        .map(
          (row) =>
            `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`,
        )
        .join('');
      const grand = part.grandTotal
        ? `<tr class="grand"><th scope="row">${escapeHtml(part.grandTotal.label)}</th><td>${escapeHtml(part.grandTotal.value)}</td></tr>`
        : '';
      return `<section class="block totals"><h2>${escapeHtml(part.title)}</h2><table>${rows}${grand}</table></section>`;
    }
    case 'table': {
      const totalWeight = part.columns.reduce((sum, column) => sum + column.weight, 0);
      const cols = part.columns
        .map((column) => `<col style="width:${((column.weight / totalWeight) * 100).toFixed(2)}%">`)
        .join('');
      const head = part.columns
        .map((column) => `<th scope="col" class="${column.align}">${escapeHtml(column.label)}</th>`)
        .join('');
      const body = part.rows
        .map(
          (row) =>
            `<tr>${row.map((content, index) => cell(content, part.columns[index]?.align ?? 'left')).join('')}</tr>`,
        )
        .join('');
      return (
        `<section class="block"><h2>${escapeHtml(part.title)}</h2>` +
        `<table class="grid"><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`
      );
    }
  }
}

function documentMarkup(document: RenderedDocument): string {
  const position = document.position
    ? `<p class="position">${escapeHtml(document.position)}</p>`
    : '';
  return (
    '<article class="invoice">' +
    `<header class="heading"><div><h1>${escapeHtml(document.title)}</h1>` +
    `<p class="doc-type">${escapeHtml(document.documentType)}</p>${position}</div>` +
    `${fieldList(document.headline, 'headline')}</header>` +
    document.sections.map(section).join('') +
    '</article>'
  );
}

/** A complete, self-contained HTML page (inline CSS, no scripts, no external resources). */
export function renderedInvoiceToHtml(invoice: RenderedInvoice, theme: RenderTheme): string {
  const title = invoice.documents.map((document) => document.reference).join(' · ');
  return (
    `<!DOCTYPE html><html lang="${invoice.lang}"><head><meta charset="utf-8">` +
    // Defence in depth for the console's preview iframe: even if markup slipped through, nothing
    // could run or load.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${htmlStyles(theme)}</style></head>` +
    `<body class="theme-${theme}">${invoice.documents.map(documentMarkup).join('')}</body></html>`
  );
}
