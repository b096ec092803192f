import { describe, expect, it } from 'vitest';
import { matchEntries, reasonText, type BankEntry, type OpenInvoice } from '../src/index.ts';

const OWN_IBAN = 'IT60X0542811101000000123456';

function invoice(
  number: string,
  amount: string,
  buyer = 'Rossi Costruzioni S.r.l.',
  extra: Partial<OpenInvoice> = {},
): OpenInvoice {
  return {
    id: number,
    number,
    date: '2026-02-01',
    amount,
    currency: 'EUR',
    buyerName: buyer,
    buyerFiscalIds: [`IT${buyer.length.toString().padStart(11, '0')}`],
    iban: OWN_IBAN,
    kind: 'invoice',
    ...extra,
  };
}

function entry(amount: string, remittance: string, extra: Partial<BankEntry> = {}): BankEntry {
  return {
    ref: 'E1',
    bookingDate: '2026-03-10',
    amount,
    currency: 'EUR',
    direction: 'credit',
    status: 'BOOK',
    counterpartyName: 'ROSSI COSTRUZIONI SRL',
    accountIban: OWN_IBAN,
    remittance,
    ...extra,
  };
}

const ledger = [
  invoice('FT2026/00123', '1220.00'),
  invoice('FT2026/00124', '366.00'),
  invoice('FT2026/00125', '610.00', 'Bianchi Impianti S.n.c.'),
  invoice('NC2026/007', '122.00', 'Rossi Costruzioni S.r.l.', { kind: 'credit-note' }),
  invoice('45/A', '244.00', 'Verdi Logistica S.p.A.'),
  invoice('46/A', '244.00', 'Verdi Logistica S.p.A.'),
];

function matchOne(bankEntry: BankEntry, invoices = ledger) {
  const [match] = matchEntries(invoices, [bankEntry]);
  if (!match) throw new Error('no match');
  return match;
}

describe('matching a transfer to open invoices', () => {
  it('an exact payment with its number is marked paid, and says why', () => {
    const match = matchOne(entry('1220.00', 'Saldo fattura n. FT2026/00123 del 01/02/2026'));
    expect(match.auto).toBe(true);
    expect(match.allocations).toEqual([
      { invoiceId: 'FT2026/00123', number: 'FT2026/00123', amount: '1220.00' },
    ]);
    expect(match.confidence).toBeGreaterThanOrEqual(0.9);
    expect(match.reasons.map((reason) => reason.code)).toEqual([
      'reference',
      'amount-exact',
      'name-same',
      'iban',
    ]);
    expect(reasonText(match.reasons[0]!, 'it')).toBe(
      'Il testo cita FT2026/00123: fattura FT2026/00123',
    );
  });

  it('finds the number written without separators or leading zeros, and with a typo', () => {
    expect(matchOne(entry('1220.00', 'FT 2026 123')).allocations[0]?.number).toBe('FT2026/00123');
    expect(matchOne(entry('1220.00', 'PAGAMENTO FT2026123')).auto).toBe(true);
    const typo = matchOne(
      entry('1220.00', 'Fattura FT2026/00132', { counterpartyName: 'Rossi Costruzioni' }),
    );
    expect(typo.auto).toBe(true);
    expect(typo.allocations[0]?.number).toBe('FT2026/00123');
    expect(typo.reasons[0]).toEqual({
      code: 'reference-typo',
      value: 'FT2026/00132',
      number: 'FT2026/00123',
    });
  });

  it('one transfer for two invoices less a credit note allocates each', () => {
    const match = matchOne(entry('1464.00', 'Fatture FT2026/00123 e FT2026/00124 meno NC2026/007'));
    expect(match.auto).toBe(true);
    expect(match.allocations).toEqual([
      { invoiceId: 'FT2026/00123', number: 'FT2026/00123', amount: '1220.00' },
      { invoiceId: 'FT2026/00124', number: 'FT2026/00124', amount: '366.00' },
      { invoiceId: 'NC2026/007', number: 'NC2026/007', amount: '-122.00' },
    ]);
    expect(match.reasons).toContainEqual({ code: 'grouped', count: 3 });
    expect(match.reasons).toContainEqual({ code: 'credit-note', number: 'NC2026/007' });
  });

  it('a deposit allocates what was paid, and the rest is matched later', () => {
    const [first, second] = matchEntries(ledger, [
      entry('500.00', 'Acconto fattura FT2026/00123'),
      entry('720.00', 'Saldo fattura FT2026/00123', { ref: 'E2', bookingDate: '2026-04-10' }),
    ]);
    expect(first?.auto).toBe(true);
    expect(first?.allocations[0]?.amount).toBe('500.00');
    expect(first?.reasons).toContainEqual({ code: 'partial', paid: '500.00', open: '1220.00' });
    expect(second?.auto).toBe(true);
    expect(second?.reasons).toContainEqual({ code: 'amount-exact' });
  });

  it('two open invoices of the same amount and no reference wait for the user, with both', () => {
    const match = matchOne(
      entry('244.00', 'BONIFICO', { counterpartyName: 'VERDI LOGISTICA SPA' }),
    );
    expect(match.auto).toBe(false);
    expect(match.allocations).toEqual([]);
    expect(match.reasons[0]).toEqual({ code: 'ambiguous', candidates: ['45/A', '46/A'] });
  });

  it('one open invoice of the amount, from the customer itself, is matched without a reference', () => {
    const match = matchOne(
      entry('610.00', 'PAGAMENTO', { counterpartyName: 'BIANCHI IMPIANTI SNC' }),
    );
    expect(match.auto).toBe(true);
    expect(match.allocations[0]?.number).toBe('FT2026/00125');
  });

  it('a bank fee, a salary and an unknown credit pay no invoice', () => {
    expect(matchOne(entry('1.50', 'COMMISSIONI BONIFICO', { direction: 'debit' })).reasons).toEqual(
      [{ code: 'debit' }],
    );
    const salary = matchOne(
      entry('1220.00', 'STIPENDIO MARZO', { direction: 'debit', counterpartyName: 'ROSSI MARIO' }),
    );
    expect(salary.auto).toBe(false);
    const interest = matchOne(
      entry('0.37', 'INTERESSI CREDITORI', { counterpartyName: undefined }),
    );
    expect(interest).toMatchObject({
      auto: false,
      allocations: [],
      reasons: [{ code: 'no-candidate' }],
    });
  });

  it('a payment in another currency does not pay a euro invoice', () => {
    const match = matchOne(entry('1220.00', 'Fattura FT2026/00123', { currency: 'USD' }));
    expect(match.auto).toBe(false);
    expect(match.allocations).toEqual([]);
  });

  it('a payer whose name is not the customer still pays by the number; a deposit from it waits', () => {
    const full = matchOne(
      entry('1220.00', 'FT2026/00123', { counterpartyName: 'Gruppo Nord Holding S.p.A.' }),
    );
    expect(full.auto).toBe(true);
    expect(full.reasons).toContainEqual({ code: 'name-different' });
    const part = matchOne(
      entry('500.00', 'Acconto FT2026/00123', { counterpartyName: 'Gruppo Nord Holding S.p.A.' }),
    );
    expect(part.auto).toBe(false);
    expect(part.allocations[0]?.number).toBe('FT2026/00123');
  });

  it('a pending or reversed entry marks nothing paid', () => {
    expect(matchOne(entry('1220.00', 'FT2026/00123', { status: 'PDNG' })).reasons).toEqual([
      { code: 'not-booked', status: 'PDNG' },
    ]);
    expect(matchOne(entry('1220.00', 'FT2026/00123', { reversal: true })).reasons).toEqual([
      { code: 'reversal' },
    ]);
  });

  it('the payment code of the invoice settles it', () => {
    const invoices = [invoice('77/B', '99.00', 'Neri Srl', { paymentCodes: ['RF18539007547034'] })];
    const match = matchOne(
      entry('99.00', '', { creditorReferences: ['RF18 5390 0754 7034'], counterpartyName: 'X' }),
      invoices,
    );
    expect(match.auto).toBe(true);
    expect(match.reasons[0]).toEqual({ code: 'payment-code', value: 'RF18 5390 0754 7034' });
  });
});
