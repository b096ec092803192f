import { escapeHtml } from '@fiscus/fatturapa/render-kit';
import { qrSvg } from '../qr/index.ts';
import type { InvoiceView, ViewItem, ViewPart, ViewSection } from './invoice-view.ts';

// The Ministry's look: black on white, bold dark-grey labels, sections opened by a thin grey rule,
// tables with light-grey heading cells and grey borders.
const styles = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
html { background: #eef0f3; }
body { margin: 0; padding: 16px 0; font-family: "DejaVu Sans", Roboto, Arial, sans-serif; font-size: 8pt;
  line-height: 1.3; color: #000; }
.ksef { width: 210mm; max-width: 100%; margin: 0 auto; padding: 14mm; background: #fff;
  box-shadow: 0 1px 4px rgba(0,0,0,.15); }
/* As on the Ministry's page: the system's name on its own line, the invoice's identity under it
   on the right. */
.ksef-header { display: flex; flex-direction: column; align-items: flex-end; gap: 2px; }
.system-name { align-self: flex-start; font-size: 18pt; margin: 0; font-weight: normal; white-space: nowrap; }
.system-name b { font-weight: bold; }
.system-name .e { color: #d00; font-weight: bold; }
.invoice-id { text-align: right; font-size: 9pt; }
.invoice-id p { margin: 0; }
.invoice-number { font-size: 16pt; font-weight: bold; overflow-wrap: break-word; }
.label { font-weight: bold; color: #343a40; }
.ksef-value { white-space: nowrap; }
.section { border-top: 1px solid #c0bfc1; margin-top: 8px; padding-top: 8px; break-inside: auto; }
h2 { font-size: 10pt; margin: 0 0 8px; color: #343a40; }
h3 { font-size: 10pt; margin: 0 0 6px; color: #343a40; }
h4 { font-size: 8pt; margin: 10px 0 2px; color: #343a40; }
.columns { display: grid; gap: 4px 20px; margin-bottom: 6px; }
.cols-1 { grid-template-columns: 1fr; }
.cols-2 { grid-template-columns: 1fr 1fr; }
.column p { margin: 0 0 1px; overflow-wrap: anywhere; white-space: pre-line; }
.caption { font-weight: bold; color: #343a40; margin: 4px 0 4px; }
table { border-collapse: collapse; width: 100%; margin-bottom: 6px; }
th, td { border: 1px solid #bababa; padding: 2px 3px; vertical-align: top; overflow-wrap: break-word;
  white-space: pre-line; }
td.right { white-space: nowrap; }
th { background: #f6f7fa; font-weight: bold; text-align: left; }
.right { text-align: right; }
.wide { width: 50%; }
.total { text-align: right; font-size: 10pt; margin: 6px 0; }
.total .label { margin-right: 4px; }
.qr { display: flex; gap: 20px; align-items: flex-start; break-inside: avoid; }
.qr figure { margin: 0; text-align: center; }
.qr svg { display: block; }
.qr figcaption { margin-top: 6px; overflow-wrap: anywhere; max-width: 210px; }
.qr a { color: #00f; overflow-wrap: anywhere; }
.generated { margin-top: 8px; }
@media print {
  html, body { background: #fff; padding: 0; }
  .ksef { width: auto; margin: 0; padding: 0; box-shadow: none; }
  thead { display: table-header-group; }
  th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  tr, .qr { break-inside: avoid; }
}
@media screen and (max-width: 640px) {
  .cols-2 { grid-template-columns: 1fr; }
  .ksef-header { align-items: flex-start; }
  .invoice-id { text-align: left; }
}
`;

/** Only web links become anchors; anything else an invoice holds is shown as text. */
function isWebLink(url: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(url);
}

function anchor(url: string): string {
  const text = escapeHtml(url);
  return isWebLink(url) ? `<a href="${text}" rel="noopener noreferrer">${text}</a>` : text;
}

function item(entry: ViewItem): string {
  switch (entry.kind) {
    case 'heading':
      return `<h3>${escapeHtml(entry.text)}</h3>`;
    case 'subheading':
      return `<h4>${escapeHtml(entry.text)}</h4>`;
    case 'entry':
      return `<p><span class="label">${escapeHtml(entry.label)}:</span> ${escapeHtml(entry.value)}</p>`;
    case 'text':
      return `<p>${escapeHtml(entry.text)}</p>`;
    case 'link':
      return `<p><span class="label">${escapeHtml(entry.label)}:</span> ${anchor(entry.url)}</p>`;
  }
}

function part(content: ViewPart): string {
  switch (content.kind) {
    case 'columns': {
      const columns = content.columns.filter((column) => column.length > 0);
      if (columns.length === 0) return '';
      const count = Math.max(content.columns.length, 1);
      return (
        `<div class="columns cols-${Math.min(count, 2)}">` +
        content.columns
          .map((column) => `<div class="column">${column.map(item).join('')}</div>`)
          .join('') +
        '</div>'
      );
    }
    case 'table': {
      const caption = content.caption
        ? `<p class="caption">${escapeHtml(content.caption)}</p>`
        : '';
      const className = (index: number): string => {
        const column = content.columns[index];
        const names = [column?.align === 'right' ? 'right' : '', column?.wide ? 'wide' : ''];
        const joined = names.filter(Boolean).join(' ');
        return joined ? ` class="${joined}"` : '';
      };
      const head = content.columns
        .map(
          (column, index) => `<th scope="col"${className(index)}>${escapeHtml(column.label)}</th>`,
        )
        .join('');
      const body = content.rows
        .map(
          (row) =>
            `<tr>${row.map((cell, index) => `<td${className(index)}>${escapeHtml(cell)}</td>`).join('')}</tr>`,
        )
        .join('');
      return `${caption}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
    case 'total':
      return `<p class="total"><span class="label">${escapeHtml(content.label)}</span> ${escapeHtml(content.value)}</p>`;
    case 'qr': {
      let image: string;
      try {
        image = qrSvg(content.link, { size: content.size * (4 / 3) });
      } catch {
        image = '';
      }
      return (
        `<div class="qr"><figure>${image}<figcaption>${escapeHtml(content.caption)}</figcaption></figure>` +
        `<div><p class="label">${escapeHtml(content.description)}</p><p>${anchor(content.link)}</p></div></div>`
      );
    }
  }
}

function section(content: ViewSection): string {
  const title = content.title ? `<h2>${escapeHtml(content.title)}</h2>` : '';
  return `<section class="section" data-section="${escapeHtml(content.id)}">${title}${content.parts.map(part).join('')}</section>`;
}

/** A complete, self-contained HTML page: inline CSS and SVG, no script, no external resource. */
export function invoiceViewToHtml(view: InvoiceView): string {
  const { header } = view;
  const [name1, nameE, name3] = header.systemName;
  const id = [
    `<p class="label">${escapeHtml(header.invoiceNumberLabel)}</p>`,
    `<p class="invoice-number">${escapeHtml(header.invoiceNumber)}</p>`,
    `<p class="invoice-kind">${escapeHtml(header.kind)}</p>`,
    ...[header.ksefNumber, header.form]
      .filter((entry) => entry !== undefined)
      .map(
        (entry) =>
          `<p><span class="label">${escapeHtml(entry.label)}</span> <span class="ksef-value">${escapeHtml(entry.value)}</span></p>`,
      ),
  ].join('');
  const generated = view.generatedIn
    ? `<p class="generated"><span class="label">${escapeHtml(view.generatedIn.label)}</span> ${escapeHtml(view.generatedIn.value)}</p>`
    : '';
  return (
    `<!DOCTYPE html><html lang="${view.lang}"><head><meta charset="utf-8">` +
    // Defence in depth for a preview iframe: even if markup slipped through, nothing could run.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(view.title)}</title><style>${styles}</style></head><body>` +
    '<article class="ksef"><header class="ksef-header">' +
    `<p class="system-name">${escapeHtml(name1)}<span class="e">${escapeHtml(nameE)}</span><b>${escapeHtml(name3)}</b></p>` +
    `<div class="invoice-id">${id}</div></header>` +
    view.sections.map(section).join('') +
    `${generated}</article></body></html>`
  );
}
