import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The official BIS Billing 3 example the generated invoices are built on. */
export const BASE_EXAMPLE = path.resolve(
  packageRoot,
  '../../../shared/spec/peppol/bis-billing-3/examples/base-example.xml',
);

function cents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** The text between the first `open` tag and the end of the first `close` tag after it. */
function replaceBlock(xml: string, open: string, close: string, replacement: string): string {
  const start = xml.indexOf(open);
  const end = xml.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`the template has no ${open}`);
  return xml.slice(0, start) + replacement + xml.slice(end + close.length);
}

function line(index: number): string {
  return `
    <cac:InvoiceLine>
        <cbc:ID>${index}</cbc:ID>
        <cbc:InvoicedQuantity unitCode="C62">2</cbc:InvoicedQuantity>
        <cbc:LineExtensionAmount currencyID="EUR">20.00</cbc:LineExtensionAmount>
        <cac:OrderLineReference>
            <cbc:LineID>${index}</cbc:LineID>
        </cac:OrderLineReference>
        <cac:Item>
            <cbc:Description>Generated article number ${index}, sold by the piece</cbc:Description>
            <cbc:Name>Article ${index}</cbc:Name>
            <cac:SellersItemIdentification>
                <cbc:ID>ART-${String(index).padStart(6, '0')}</cbc:ID>
            </cac:SellersItemIdentification>
            <cac:ClassifiedTaxCategory>
                <cbc:ID>S</cbc:ID>
                <cbc:Percent>25</cbc:Percent>
                <cac:TaxScheme>
                    <cbc:ID>VAT</cbc:ID>
                </cac:TaxScheme>
            </cac:ClassifiedTaxCategory>
        </cac:Item>
        <cac:Price>
            <cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount>
        </cac:Price>
    </cac:InvoiceLine>`;
}

/**
 * A valid BIS Billing 3 invoice of `lineCount` lines built on the official base example: every
 * line 2 × 10.00 EUR at 25% (S), the example's 25.00 insurance charge kept, the VAT breakdown and
 * totals computed in cents, so the CEN and Peppol rules pass whatever the size.
 */
export function invoiceWithLines(
  lineCount: number,
  template = readFileSync(BASE_EXAMPLE, 'utf8'),
): string {
  const lineTotal = 2000n * BigInt(lineCount);
  const charge = 2500n;
  const taxable = lineTotal + charge;
  const tax = taxable / 4n;
  const withTax = taxable + tax;
  let xml = template.slice(0, template.indexOf('<cac:InvoiceLine>'));
  xml = replaceBlock(
    xml,
    '<cac:TaxTotal>',
    '</cac:TaxTotal>',
    `<cac:TaxTotal>
        <cbc:TaxAmount currencyID="EUR">${cents(tax)}</cbc:TaxAmount>
        <cac:TaxSubtotal>
            <cbc:TaxableAmount currencyID="EUR">${cents(taxable)}</cbc:TaxableAmount>
            <cbc:TaxAmount currencyID="EUR">${cents(tax)}</cbc:TaxAmount>
            <cac:TaxCategory>
                <cbc:ID>S</cbc:ID>
                <cbc:Percent>25</cbc:Percent>
                <cac:TaxScheme>
                    <cbc:ID>VAT</cbc:ID>
                </cac:TaxScheme>
            </cac:TaxCategory>
        </cac:TaxSubtotal>
    </cac:TaxTotal>`,
  );
  xml = replaceBlock(
    xml,
    '<cac:LegalMonetaryTotal>',
    '</cac:LegalMonetaryTotal>',
    `<cac:LegalMonetaryTotal>
        <cbc:LineExtensionAmount currencyID="EUR">${cents(lineTotal)}</cbc:LineExtensionAmount>
        <cbc:TaxExclusiveAmount currencyID="EUR">${cents(taxable)}</cbc:TaxExclusiveAmount>
        <cbc:TaxInclusiveAmount currencyID="EUR">${cents(withTax)}</cbc:TaxInclusiveAmount>
        <cbc:ChargeTotalAmount currencyID="EUR">${cents(charge)}</cbc:ChargeTotalAmount>
        <cbc:PayableAmount currencyID="EUR">${cents(withTax)}</cbc:PayableAmount>
    </cac:LegalMonetaryTotal>`,
  );
  const lines = Array.from({ length: lineCount }, (_, index) => line(index + 1)).join('');
  return `${xml.trimEnd()}${lines}\n</Invoice>\n`;
}
