import { describe, expect, it } from 'vitest';
import {
  emptySale,
  formFieldOf,
  liveTotals,
  receiptMessageKey,
  saleFormSchema,
  toReceiptRequest,
} from './receipt-form';
import { toReceiptListQuery } from './receipt-filters';

describe('the sale form', () => {
  it('works the totals as the user types, leaving half-typed lines out', () => {
    const sale = emptySale('01234567897');
    sale.items = [
      {
        quantity: '2',
        description: 'Caffè',
        unit_price: '3,50',
        vat_rate_code: '10',
        discount: '',
        complimentary: false,
      },
      {
        quantity: '1',
        description: 'Tazza',
        unit_price: '12',
        vat_rate_code: '22',
        discount: '2',
        complimentary: false,
      },
      {
        quantity: '1',
        description: 'Biscotti',
        unit_price: '5',
        vat_rate_code: '4',
        discount: '',
        complimentary: true,
      },
      {
        quantity: '1.',
        description: '',
        unit_price: '',
        vat_rate_code: '22',
        discount: '',
        complimentary: false,
      },
    ];
    expect(liveTotals(sale.items)).toEqual({
      total: '17.00',
      taxable: '19.37',
      vat: '2.63',
      pending: 1,
    });
  });

  it('sends commas as points and empty optional values as null', () => {
    const sale = emptySale(' 01234567897 ');
    sale.lottery_code = 'ab12cd34';
    sale.items[0] = { ...sale.items[0]!, description: ' Tè ', unit_price: '1,5' };
    sale.cash_payment_amount = '1,50';
    expect(toReceiptRequest(sale)).toMatchObject({
      fiscal_id: '01234567897',
      lottery_code: 'AB12CD34',
      items: [
        {
          quantity: '1.00',
          unit_price: '1.5',
          description: 'Tè',
          discount: null,
          vat_rate_code: '4',
        },
      ],
      cash_payment_amount: '1.50',
      electronic_payment_amount: null,
      ticket_restaurant_quantity: null,
    });
  });

  it("says the spec's messages on the fields", () => {
    const sale = emptySale();
    sale.lottery_code = 'abc';
    sale.items[0] = { ...sale.items[0]!, quantity: '1.005', unit_price: '1.123456789' };
    const result = saleFormSchema.safeParse(sale);
    const messages = result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['fiscal_id', 'This field is required'],
      ['lottery_code', 'This field must have 8 characters'],
      ['items.0.quantity', 'This field must be a decimal and have at most 2 decimal places'],
      ['items.0.description', 'This field is required'],
      ['items.0.unit_price', 'This field must be a decimal and have at most 8 decimal places'],
    ]);
    expect(receiptMessageKey('This field must have 8 characters')).toBe('lotteryLength');
    expect(receiptMessageKey('More than the quantity still returnable.')).toBe(
      'quantity_exceeds_returnable',
    );
    expect(formFieldOf('items[12].quantity')).toBe('items.12.quantity');
  });
});

describe('the receipt lists', () => {
  it('ask for their type and filters, or the one receipt an id names', () => {
    expect(
      toReceiptListQuery('return', {
        status: 'ready',
        'business_registry_configuration.fiscal_id[]': '01234567897, it02468135799',
        document_number: ' DCW2026/0001-0001 ',
        bogus: '',
      }),
    ).toEqual({
      type: 'return',
      status: 'ready',
      'business_registry_configuration.fiscal_id[]': ['01234567897', 'IT02468135799'],
      document_number: 'DCW2026/0001-0001',
    });
    expect(toReceiptListQuery('sale', { id: ' abc ', status: 'ready' })).toEqual({ id: 'abc' });
    expect(toReceiptListQuery('sale', { status: 'nonsense' })).toEqual({ type: 'sale' });
  });
});
