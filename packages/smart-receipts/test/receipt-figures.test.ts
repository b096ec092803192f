/**
 * Worked receipts: each figure below was computed by hand (and checked with Python's decimal
 * module at 50 digits) from the rule the Agenzia's procedure follows: every line figure at full
 * precision, rounded half up to 8 decimals; net = amount / (1 + rate); VAT = amount − net.
 */
import { describe, expect, it } from 'vitest';
import { computeReceipt, printedTotal, receiptDetails, type ReceiptInput } from '../src/index.ts';

function details(input: ReceiptInput) {
  const result = computeReceipt(input);
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  return { details: receiptDetails(result.figures), figures: result.figures };
}

describe('a sale receipt', () => {
  it('takes the VAT out of a VAT-inclusive price (scorporo) at 8 decimals', () => {
    const { details: receipt } = details({
      items: [{ quantity: '1.00', unit_price: '10.00', vat_rate_code: '22' }],
      cash_payment_amount: '10.00',
    });
    expect(receipt.items[0]).toMatchObject({
      gross_price: '10.00000000',
      unit_price: '8.19672131',
      net_taxable_amount: '8.19672131',
      vat_amount: '1.80327869',
      total_amount: '10.00000000',
    });
    expect(receipt.total_amount).toBe('10.00000000');
    expect(receipt.deductible_amount).toBe('10.00000000');
  });

  it('adds up three lines: one discounted, one complimentary, two rates and a payment-time discount', () => {
    const { details: receipt, figures } = details({
      items: [
        { quantity: '2.00', unit_price: '3.50', vat_rate_code: '10', description: 'Caffè' },
        { quantity: '1.00', unit_price: '12.00', vat_rate_code: '22', discount: '2.00' },
        { quantity: '1.00', unit_price: '5.00', vat_rate_code: '4', complimentary: true },
      ],
      cash_payment_amount: '10.00',
      electronic_payment_amount: '6.99',
      discount: '0.01',
    });
    expect(receipt.items.map((item) => [item.net_taxable_amount, item.vat_amount])).toEqual([
      ['6.36363636', '0.63636364'],
      ['8.19672131', '1.80327869'],
      ['4.80769231', '0.19230769'],
    ]);
    // The discounted line: net before the discount 12 / 1.22, after it 10 / 1.22.
    expect(receipt.items[1]).toMatchObject({
      taxable_amount: '9.83606557',
      gross_discount: '2.00000000',
      unit_discount: '2.00000000',
      total_amount: '10.00000000',
    });
    // The gift is shown and taxed, not paid: 7.00 + 10.00.
    expect(receipt.total_amount).toBe('17.00000000');
    expect(figures.complimentaryAmount).toBe(500_000_000n);
    expect(receipt.total_taxable_amount).toBe('19.36804998');
    expect(receipt.total_vat_amount).toBe('2.63195002');
    expect(receipt.total_gross_discount).toBe('2.00000000');
    expect(receipt.total_discount).toBe('1.63934426');
    expect(receipt.discount).toBe('0.01000000');
    // Paid: cash and card, not the payment-time discount.
    expect(receipt.deductible_amount).toBe('16.99000000');
    expect(figures.vatBreakdown.map((row) => row.vatRateCode)).toEqual(['4', '10', '22']);
    expect(printedTotal(figures)).toBe('17.00');
  });

  it('works a farmer’s compensation rate and a line without VAT', () => {
    const { details: receipt } = details({
      items: [
        { quantity: '1.00', unit_price: '100.00', vat_rate_code: '7.65' },
        { quantity: '3.00', unit_price: '1.11', vat_rate_code: 'N4' },
      ],
      electronic_payment_amount: '103.33',
    });
    expect(receipt.items[0]).toMatchObject({
      net_taxable_amount: '92.89363679',
      vat_amount: '7.10636321',
    });
    expect(receipt.items[1]).toMatchObject({
      net_taxable_amount: '3.33000000',
      vat_amount: '0.00000000',
    });
  });

  it('rounds a line to 8 decimals before adding it, and the payments to the cent', () => {
    // 3 × 0.33333333 = 0.99999999: the document's total is 1.00 on paper, paid with 1.00.
    const result = computeReceipt({
      items: [{ quantity: '3.00', unit_price: '0.33333333', vat_rate_code: '22' }],
      cash_payment_amount: '1.00',
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.figures.totalAmount).toBe(99_999_999n);
      expect(printedTotal(result.figures)).toBe('1.00');
    }
  });

  it('splits uncollected amounts from what was paid', () => {
    const { details: receipt } = details({
      items: [{ quantity: '1.00', unit_price: '50.00', vat_rate_code: '22' }],
      services_uncollected_amount: '20.00',
      goods_uncollected_amount: '5.00',
      cash_payment_amount: '25.00',
      invoice_issuing: true,
    });
    expect(receipt.total_uncollected_amount).toBe('25.00000000');
    expect(receipt.deductible_amount).toBe('25.00000000');
  });
});

describe('what a sale receipt refuses', () => {
  const valid: ReceiptInput = {
    items: [{ quantity: '1.00', unit_price: '10.00', vat_rate_code: '22' }],
    cash_payment_amount: '10.00',
  };
  const violations = (input: ReceiptInput) => {
    const result = computeReceipt(input);
    return result.ok ? [] : result.violations;
  };

  it('names each bad line field by its path, all at once', () => {
    expect(
      violations({
        ...valid,
        items: [
          { quantity: '1.005', unit_price: '1.123456789', vat_rate_code: '21' },
          { quantity: '0', unit_price: '-1', vat_rate_code: '22', discount: '1,00' },
        ],
      }),
    ).toEqual([
      { path: 'items[0].quantity', code: 'quantity_invalid' },
      { path: 'items[0].unit_price', code: 'unit_price_invalid' },
      { path: 'items[0].vat_rate_code', code: 'vat_rate_code_invalid' },
      { path: 'items[1].quantity', code: 'quantity_not_positive' },
      { path: 'items[1].unit_price', code: 'unit_price_invalid' },
      { path: 'items[1].discount', code: 'discount_invalid' },
    ]);
  });

  it('a discount larger than its line', () => {
    expect(
      violations({
        ...valid,
        items: [
          { quantity: '2.00', unit_price: '1.00', vat_rate_code: '22', discount: '2.00000001' },
        ],
      }),
    ).toEqual([{ path: 'items[0].discount', code: 'discount_exceeds_amount' }]);
  });

  it('no items, payments that miss the total by a cent, meal vouchers without their number', () => {
    expect(violations({ ...valid, items: [] })).toContainEqual({
      path: 'items',
      code: 'items_missing',
    });
    expect(violations({ ...valid, cash_payment_amount: '9.99' })).toEqual([
      { path: '', code: 'payments_do_not_match_total' },
    ]);
    expect(
      violations({
        ...valid,
        cash_payment_amount: '2.00',
        ticket_restaurant_payment_amount: '8.00',
      }),
    ).toEqual([{ path: 'ticket_restaurant_quantity', code: 'ticket_quantity_required' }]);
    expect(violations({ ...valid, ticket_restaurant_quantity: 2 })).toEqual([
      { path: 'ticket_restaurant_payment_amount', code: 'ticket_amount_required' },
    ]);
    expect(violations({ ...valid, ticket_restaurant_quantity: 1.5 })).toEqual([
      { path: 'ticket_restaurant_quantity', code: 'ticket_quantity_invalid' },
    ]);
    expect(violations({ ...valid, invoice_issuing: true })).toEqual([
      { path: 'invoice_issuing', code: 'invoice_issuing_without_uncollected' },
    ]);
  });

  it('hostile text: NUL bytes, exponents, huge numbers, wrong types', () => {
    for (const quantity of ['1\u00002', '1e3', '9'.repeat(40), ' 1', '.5', '5.', '+1', 'NaN']) {
      expect(violations({ ...valid, items: [{ ...valid.items[0]!, quantity }] })).toContainEqual({
        path: 'items[0].quantity',
        code: 'quantity_invalid',
      });
    }
    const wrongTypes = { ...valid, items: [{ quantity: 1, unit_price: null, vat_rate_code: 22 }] };
    expect(violations(wrongTypes as unknown as ReceiptInput).map((v) => v.code)).toEqual([
      'quantity_invalid',
      'unit_price_invalid',
      'vat_rate_code_invalid',
    ]);
  });
});
