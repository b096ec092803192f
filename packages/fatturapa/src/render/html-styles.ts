/** `standard` is the readable default; `compact` fits more lines on a page. */
export type RenderTheme = 'standard' | 'compact';

const themeSizes: Record<
  RenderTheme,
  { base: string; table: string; small: string; cell: string; gap: string }
> = {
  standard: { base: '10pt', table: '8.5pt', small: '7.5pt', cell: '3px 4px', gap: '14px' },
  compact: { base: '8.5pt', table: '7.5pt', small: '6.5pt', cell: '1px 3px', gap: '8px' },
};

/** The page's whole stylesheet: A4 on paper, a centred A4-wide sheet on screen. */
export function htmlStyles(theme: RenderTheme): string {
  const size = themeSizes[theme];
  return `
@page { size: A4; margin: 12mm 12mm 14mm; }
* { box-sizing: border-box; }
html { background: #eef0f3; }
body { margin: 0; padding: 16px 0; font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif;
  font-size: ${size.base}; line-height: 1.35; color: #1d2329; }
.invoice { width: 210mm; max-width: 100%; margin: 0 auto ${size.gap}; padding: 12mm; background: #fff;
  box-shadow: 0 1px 4px rgba(0,0,0,.15); }
.heading { display: flex; justify-content: space-between; gap: 16px; align-items: flex-start;
  border-bottom: 2px solid #24527a; padding-bottom: 8px; margin-bottom: ${size.gap}; }
h1 { font-size: 1.9em; margin: 0; color: #24527a; letter-spacing: .02em; }
.doc-type { margin: 2px 0 0; color: #4a5561; }
.position { margin: 2px 0 0; color: #4a5561; font-style: italic; }
h2 { font-size: 1.05em; margin: 0 0 4px; color: #24527a; text-transform: uppercase; letter-spacing: .04em; }
h3 { font-size: .9em; margin: 0 0 4px; color: #4a5561; text-transform: uppercase; letter-spacing: .04em; }
dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; column-gap: 10px; row-gap: 1px; }
dt { color: #4a5561; }
dd { margin: 0; overflow-wrap: break-word; min-width: 0; }
.headline { min-width: 40%; }
.headline dd { font-weight: bold; }
.parties { display: grid; grid-template-columns: 1fr 1fr; gap: ${size.gap}; margin-bottom: ${size.gap}; }
.party { border: 1px solid #c9d1d9; border-radius: 4px; padding: 8px 10px; break-inside: avoid; }
.party-name { font-weight: bold; font-size: 1.1em; margin: 0 0 4px; overflow-wrap: anywhere; }
.party-fields { font-size: ${size.small}; }
.block { margin-bottom: ${size.gap}; }
.fields { font-size: ${size.small}; }
table { border-collapse: collapse; width: 100%; }
table.grid { table-layout: fixed; }
.grid th { background: #24527a; color: #fff; font-weight: bold; font-size: ${size.small}; padding: ${size.cell};
  text-align: left; vertical-align: bottom; }
.grid td { padding: ${size.cell}; font-size: ${size.table}; border-bottom: 1px solid #dde3e9; vertical-align: top;
  overflow-wrap: break-word; }
.grid tbody tr:nth-child(even) td { background: #f6f8fa; }
.grid .right { text-align: right; }
.detail { font-size: ${size.small}; color: #5b6773; }
.totals table { width: auto; min-width: 50%; margin-left: auto; }
.totals th { text-align: left; font-weight: normal; color: #4a5561; padding: 2px 12px 2px 0; }
.totals td { text-align: right; padding: 2px 0; white-space: nowrap; }
.totals .grand th, .totals .grand td { font-weight: bold; font-size: 1.15em; color: #1d2329;
  border-top: 2px solid #24527a; padding-top: 4px; }
.note { margin: 0 0 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
@media print {
  html, body { background: #fff; padding: 0; }
  .invoice { width: auto; margin: 0; padding: 0; box-shadow: none; }
  .invoice + .invoice { break-before: page; }
  thead { display: table-header-group; }
  /* Browsers drop backgrounds when printing by default: the white headings would vanish. */
  .grid th, .grid td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  tr, .party, .totals { break-inside: avoid; }
  h2 { break-after: avoid; }
}
@media screen and (max-width: 640px) {
  .parties { grid-template-columns: 1fr; }
  .heading { flex-direction: column; }
}
`;
}
