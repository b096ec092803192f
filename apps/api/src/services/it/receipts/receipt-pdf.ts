import type { ReceiptDetails } from '@fiscus/contracts';
import { figureText, readDecimal } from '@fiscus/smart-receipts';
import PDFDocument from 'pdfkit';
import { romeDateTimeText } from '../../../gateways/ade-receipts/rome-clock.ts';

/**
 * The receipt as the customer gets it (`GET /receipts/{id}/details` with `Accept:
 * application/pdf`), laid out as the Agenzia's documento commerciale: the merchant, the kind of
 * document, one line per item with its VAT and price, discounts and gifts below their item, the
 * total and its VAT, the payments, then the date and time, the document number and the lottery
 * code. A return or a void names the sale it refers to. Amounts in cents, Italian style.
 */

const WIDTH = 226; // 80 mm till roll
const MARGIN = 12;

const KIND = {
  sale: 'di vendita o prestazione',
  return: 'emesso per RESO MERCE',
  void: 'emesso per ANNULLAMENTO',
} as const;

/** An 8-decimal amount in cents with a comma, as printed receipts show it. */
function euro(amount: string, negative = false): string {
  const [whole = '0', decimals = ''] = amount.split('.');
  const cents = BigInt(whole + decimals.padEnd(8, '0').slice(0, 8));
  // Half up to the cent.
  const rounded = (cents + 500_000n) / 1_000_000n;
  const text = `${rounded / 100n},${String(rounded % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

const romeTime = (iso: string) => romeDateTimeText(new Date(iso));

export function receiptPdf(
  receipt: ReceiptDetails,
  merchant: { name: string | null },
  sale: { document_number: string | null; document_date: string | null } | null,
): Promise<Buffer> {
  const height = 250 + receipt.items.length * 26;
  const pdf = new PDFDocument({
    size: [WIDTH, height],
    margin: MARGIN,
    info: { Title: `Documento commerciale ${receipt.document_number ?? ''}`.trim() },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const inner = WIDTH - 2 * MARGIN;
  const row = (left: string, middle: string, right: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Courier-Bold' : 'Courier').fontSize(7.5);
    pdf.text(left, MARGIN, y, { width: inner * 0.62 });
    const after = pdf.y;
    pdf.text(middle, MARGIN + inner * 0.62, y, { width: inner * 0.14, align: 'right' });
    pdf.text(right, MARGIN + inner * 0.76, y, { width: inner * 0.24, align: 'right' });
    pdf.x = MARGIN;
    pdf.y = Math.max(after, pdf.y);
  };
  const centre = (text: string, bold = false) =>
    pdf
      .font(bold ? 'Courier-Bold' : 'Courier')
      .fontSize(7.5)
      .text(text, MARGIN, pdf.y, { width: inner, align: 'center' });

  centre(merchant.name ?? '', true);
  centre(`P.IVA ${receipt.fiscal_id}`);
  pdf.moveDown(0.8);
  centre('DOCUMENTO COMMERCIALE', true);
  centre(KIND[receipt.type]);
  if (sale?.document_number) {
    centre(`Documento di riferimento N. ${sale.document_number.replace(/^DCW\d{4}\//, '')}`);
    if (sale.document_date) centre(`del ${romeTime(sale.document_date).slice(0, 10)}`);
  }
  pdf.moveDown(0.8);
  row('DESCRIZIONE', 'IVA', 'Prezzo(€)', true);
  for (const item of receipt.items) {
    const quantity =
      item.quantity === '1.00'
        ? ''
        : ` ${item.quantity.replace('.', ',')} x ${euro(item.gross_price)}`;
    const vat = item.vat_rate.startsWith('N') ? item.vat_rate : `${item.vat_rate}%`;
    // The line before its discount: its amount and the discount given back.
    const gross =
      (readDecimal(item.total_amount, 8, 8) ?? 0n) + (readDecimal(item.gross_discount, 8, 8) ?? 0n);
    row(`${item.description}${quantity}`, vat, euro(figureText(gross)));
    if (item.gross_discount !== '0.00000000') row('  Sconto', '', euro(item.gross_discount, true));
    if (item.complimentary) row('  Omaggio', '', euro(item.total_amount, true));
  }
  pdf.moveDown(0.5);
  row('TOTALE COMPLESSIVO', '', euro(receipt.total_amount), true);
  row('di cui IVA', '', euro(receipt.total_vat_amount));
  pdf.moveDown(0.5);
  const payments: [string, string][] = [
    ['Pagamento contante', receipt.cash_payment_amount],
    ['Pagamento elettronico', receipt.electronic_payment_amount],
    ['Ticket restaurant', receipt.ticket_restaurant_payment_amount],
    ['Non riscosso', receipt.total_uncollected_amount],
    ['Sconto a pagare', receipt.discount],
  ];
  for (const [label, amount] of payments) if (amount !== '0.00000000') row(label, '', euro(amount));
  if (receipt.type === 'sale') row('Importo pagato', '', euro(receipt.deductible_amount), true);
  pdf.moveDown(0.8);
  if (receipt.document_date) centre(romeTime(receipt.document_date));
  centre(
    `DOCUMENTO N. ${(receipt.document_number ?? 'non ancora numerato').replace(/^DCW\d{4}\//, '')}`,
    true,
  );
  if (receipt.lottery_code) centre(`Codice lotteria: ${receipt.lottery_code}`);
  if (receipt.transaction_id) centre(`Id transazione ${receipt.transaction_id}`);
  pdf.end();
  return done;
}
