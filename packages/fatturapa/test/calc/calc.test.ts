import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeAmountDue,
  computeDocumentTotal,
  computeImposta,
  computeInvoiceTotals,
  computeLineTotal,
  computePaymentTotal,
  computeVatSummary,
  computeWithholding,
  computeWithholdingBase,
  formatScaled,
  isStampDutyRequired,
  parseScaled,
  rescale,
  stampDutyBase,
} from '../../src/calc/index.ts';
import { runSdiChecks } from '../../src/checks/sdi/index.ts';
import type { DettaglioLinee, FatturaElettronica } from '../../src/model/index.ts';
import { loadSample, RECEIVED_AT, validOrdinary } from '../sdi/fixtures.ts';

describe('fixed-point decimals', () => {
  it('parses and formats exactly', () => {
    expect(parseScaled('12.5', 2)).toBe(1250n);
    expect(parseScaled('-0.30', 2)).toBe(-30n);
    expect(parseScaled('7', 2)).toBe(700n);
    expect(parseScaled('.5', 2)).toBe(50n);
    expect(formatScaled(-5n, 2)).toBe('-0.05');
    expect(formatScaled(123456n, 2)).toBe('1234.56');
  });
  it('rounds half away from zero', () => {
    expect(parseScaled('0.125', 2)).toBe(13n);
    expect(parseScaled('-0.125', 2)).toBe(-13n);
    expect(rescale(2255n, 3, 2)).toBe(226n);
    expect(rescale(-2255n, 3, 2)).toBe(-226n);
    expect(rescale(2254n, 3, 2)).toBe(225n);
  });
  it('refuses what is not a decimal number', () => {
    for (const text of ['', '1,5', 'abc', '1.2.3', '1e3', '-']) {
      expect(parseScaled(text, 2)).toBeUndefined();
    }
  });
  // decimal.js keeps 20 significant digits by default: not enough for 25-digit inputs.
  const Exact = Decimal.clone({ precision: 60 });
  it('property: agrees with decimal.js half-up rounding at any scale, long numbers included', () => {
    const text = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^\d{1,25}$/),
        fc.option(fc.stringMatching(/^\d{0,12}$/)),
      )
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`,
      );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 10 }), (value, scale) => {
        const expected = new Exact(value)
          .mul(new Exact(10).pow(scale))
          .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
          .toFixed(0);
        return parseScaled(value, scale) === BigInt(expected);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
  it('round-trips any amount with 2 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), (cents) => {
        return parseScaled(formatScaled(cents, 2), 2) === cents;
      }),
    );
  });
});

describe('computeLineTotal', () => {
  it('multiplies quantity by unit price, quantity 1 when absent', () => {
    expect(computeLineTotal({ quantita: '5.00', prezzo_unitario: '1.00' })).toBe('5.00');
    expect(computeLineTotal({ prezzo_unitario: '2000.00' })).toBe('2000.00');
    expect(computeLineTotal({ quantita: '3', prezzo_unitario: '0.335' })).toBe('1.01');
  });
  it('chains discounts and surcharges on the unit price, in order', () => {
    const line = {
      quantita: '2.00',
      prezzo_unitario: '100.00',
      sconto_maggiorazione: [
        { tipo: 'SC', percentuale: '10.00' },
        { tipo: 'SC', percentuale: '5.00' },
        { tipo: 'MG', importo: '1.00' },
      ],
    };
    // (100 × 0.90 × 0.95 + 1) × 2 = 173.00
    expect(computeLineTotal(line)).toBe('173.00');
  });
  it('keeps up to 8 decimals when asked', () => {
    // 0.499999995 rounds at the 8th decimal to 0.50000000, shown with 2 decimals.
    expect(
      computeLineTotal({ quantita: '1.5', prezzo_unitario: '0.33333333' }, { exact: true }),
    ).toBe('0.50');
    expect(
      computeLineTotal({ quantita: '1.5', prezzo_unitario: '0.3333333' }, { exact: true }),
    ).toBe('0.49999995');
    expect(computeLineTotal({ quantita: '3', prezzo_unitario: '1.333' }, { exact: true })).toBe(
      '3.999',
    );
    expect(computeLineTotal({ quantita: '1', prezzo_unitario: '2' }, { exact: true })).toBe('2.00');
  });
  it('rounds half-up to the cent, negatives away from zero', () => {
    expect(computeLineTotal({ prezzo_unitario: '0.005' })).toBe('0.01');
    expect(computeLineTotal({ prezzo_unitario: '-0.005' })).toBe('-0.01');
  });
  it('gives undefined for inputs that are not numbers', () => {
    expect(computeLineTotal({ prezzo_unitario: '1,00' })).toBeUndefined();
    expect(computeLineTotal({ prezzo_unitario: '1.00', quantita: 'x' })).toBeUndefined();
    expect(computeLineTotal({})).toBeUndefined();
  });
});

describe('computeVatSummary', () => {
  it('groups lines by rate and natura, in order of appearance', () => {
    const rows = computeVatSummary({
      lines: [
        { aliquota_iva: '22.00', prezzo_totale: '10.25' },
        { aliquota_iva: '0.00', natura: 'N4', prezzo_totale: '50.00' },
        { aliquota_iva: '22', prezzo_totale: '1.00' },
        { aliquota_iva: '0.00', natura: 'N2.2', prezzo_totale: '5.00' },
      ],
    });
    expect(rows).toEqual([
      { aliquota_iva: '22.00', imponibile_importo: '11.25', imposta: '2.48', esigibilita_iva: 'I' },
      { aliquota_iva: '0.00', natura: 'N4', imponibile_importo: '50.00', imposta: '0.00' },
      { aliquota_iva: '0.00', natura: 'N2.2', imponibile_importo: '5.00', imposta: '0.00' },
    ]);
  });
  it('adds pension-fund contributions, spese accessorie and arrotondamento; keeps typed fields', () => {
    const rows = computeVatSummary({
      lines: [{ aliquota_iva: '22.00', prezzo_totale: '100.00' }],
      cassa: [{ aliquota_iva: '22.00', importo_contributo_cassa: '4.00' }],
      existing: [
        {
          aliquota_iva: '22.00',
          spese_accessorie: '1.00',
          arrotondamento: '-0.10',
          imponibile_importo: '0',
          imposta: '0',
          esigibilita_iva: 'S',
          riferimento_normativo: 'art. 17-ter',
        },
      ],
    });
    expect(rows).toEqual([
      {
        aliquota_iva: '22.00',
        spese_accessorie: '1.00',
        arrotondamento: '-0.10',
        imponibile_importo: '104.90',
        imposta: '23.08',
        esigibilita_iva: 'S',
        riferimento_normativo: 'art. 17-ter',
      },
    ]);
  });
  it('rounds the tax half-up, where binary floats would round 2.255 down', () => {
    expect(computeImposta('10.25', '22.00')).toBe('2.26');
    expect(computeImposta('1.15', '10.00')).toBe('0.12');
  });
  it('property: the summary imponibile sums to the line totals, and each tax is the rounded rate', () => {
    const rate = fc.constantFrom('4.00', '5.00', '10.00', '22.00', '0.00');
    const cents = fc.bigInt({ min: -100000000n, max: 100000000n });
    fc.assert(
      fc.property(fc.array(fc.tuple(rate, cents), { maxLength: 30 }), (items) => {
        const lines = items.map(([aliquota, amount]) => ({
          aliquota_iva: aliquota,
          ...(aliquota === '0.00' && { natura: 'N4' }),
          prezzo_totale: formatScaled(amount, 2),
        }));
        const rows = computeVatSummary({ lines });
        const linesSum = items.reduce((sum, [, amount]) => sum + amount, 0n);
        const rowsSum = rows.reduce(
          (sum, row) => sum + (parseScaled(row.imponibile_importo, 2) ?? 0n),
          0n,
        );
        if (rowsSum !== linesSum) return false;
        return rows.every((row) => {
          const exact =
            (parseScaled(row.imponibile_importo, 2) ?? 0n) *
            (parseScaled(row.aliquota_iva, 2) ?? 0n);
          const tax = (parseScaled(row.imposta, 2) ?? 0n) * 10000n;
          const difference = tax > exact ? tax - exact : exact - tax;
          return difference <= 5000n; // half a cent, at 6 decimals
        });
      }),
    );
  });
});

describe('document total, withholding, stamp duty, payments', () => {
  it('sums imponibile and imposta, applies document discounts, then rounding', () => {
    const riepilogo = [
      { imponibile_importo: '100.00', imposta: '22.00' },
      { imponibile_importo: '50.00', imposta: '0.00' },
    ];
    expect(computeDocumentTotal({ dati_riepilogo: riepilogo })).toBe('172.00');
    expect(
      computeDocumentTotal({
        dati_riepilogo: riepilogo,
        sconto_maggiorazione: [
          { tipo: 'SC', percentuale: '10.00' },
          { tipo: 'MG', importo: '0.20' },
        ],
        arrotondamento: '-0.00',
      }),
    ).toBe('155.00');
    expect(computeDocumentTotal({ dati_riepilogo: riepilogo, arrotondamento: '0.01' })).toBe(
      '172.01',
    );
  });
  it('computes the withholding from the lines and contributions marked SI', () => {
    const base = computeWithholdingBase(
      [{ prezzo_totale: '1000.00', ritenuta: 'SI' }, { prezzo_totale: '15.00' }],
      [{ importo_contributo_cassa: '40.00', ritenuta: 'SI' }],
    );
    expect(base).toBe('1040.00');
    expect(computeWithholding(base, '20.00')).toBe('208.00');
    expect(computeWithholding('10.05', '11.50')).toBe('1.16');
  });
  it('requires the stamp duty only above 77.47 EUR of amounts without VAT', () => {
    expect(isStampDutyRequired([{ natura: 'N4', imponibile_importo: '77.47' }])).toBe(false);
    expect(isStampDutyRequired([{ natura: 'N4', imponibile_importo: '77.48' }])).toBe(true);
    expect(
      isStampDutyRequired([
        { natura: 'N2.2', imponibile_importo: '40.00' },
        { natura: 'N1', imponibile_importo: '40.00' },
        { imponibile_importo: '1000.00' },
      ]),
    ).toBe(true);
    // Exports and reverse charge do not pay it.
    expect(isStampDutyRequired([{ natura: 'N3.1', imponibile_importo: '5000.00' }])).toBe(false);
    expect(isStampDutyRequired([{ natura: 'N6.3', imponibile_importo: '5000.00' }])).toBe(false);
    expect(stampDutyBase([{ natura: 'N4', imponibile_importo: '10.5' }])).toBe('10.50');
  });
  it('totals the payments and the amount due net of withholding and split-payment VAT', () => {
    expect(
      computePaymentTotal([
        {
          condizioni_pagamento: 'TP01',
          dettaglio_pagamento: [
            { modalita_pagamento: 'MP05', importo_pagamento: '100.10' },
            { modalita_pagamento: 'MP05', importo_pagamento: '0.20' },
          ],
        },
      ]),
    ).toBe('100.30');
    expect(
      computeAmountDue({
        importo_totale_documento: '1220.00',
        dati_ritenuta: [{ importo_ritenuta: '200.00' }],
        dati_riepilogo: [{ imposta: '220.00', esigibilita_iva: 'S' }],
      }),
    ).toBe('800.00');
    expect(computeAmountDue({ importo_totale_documento: 'x' })).toBeUndefined();
  });
});

describe('computeInvoiceTotals', () => {
  const samples = [
    'v1.2.2/IT01234567890_FPA01.xml',
    'v1.2.2/IT01234567890_FPA02.xml',
    'v1.2.2/IT01234567890_FPA03.xml',
    'v1.2.2/IT01234567890_FPR01.xml',
    'v1.2.1/IT01234567890_FPR02.xml',
  ];
  it.each(samples)('reproduces the totals of %s', (sample) => {
    const invoice = loadSample(sample).invoice as FatturaElettronica;
    const computed = computeInvoiceTotals(invoice);
    computed.fattura_elettronica_body.forEach((body, i) => {
      const original = invoice.fattura_elettronica_body[i];
      expect(body.dati_beni_servizi.dettaglio_linee.map((l) => l.prezzo_totale)).toEqual(
        original?.dati_beni_servizi.dettaglio_linee.map((l) => l.prezzo_totale),
      );
      const pick = (rows: typeof body.dati_beni_servizi.dati_riepilogo | undefined) =>
        rows?.map((r) => [
          r.aliquota_iva,
          r.natura,
          r.imponibile_importo,
          r.imposta,
          r.esigibilita_iva,
        ]);
      expect(pick(body.dati_beni_servizi.dati_riepilogo)).toEqual(
        pick(original?.dati_beni_servizi.dati_riepilogo),
      );
      const total = original?.dati_generali.dati_generali_documento.importo_totale_documento;
      if (total !== undefined) {
        expect(body.dati_generali.dati_generali_documento.importo_totale_documento).toBe(total);
      }
    });
  });

  it('fills line totals, summary and document total on a copy, leaving the input alone', () => {
    const invoice = validOrdinary();
    const { line } = {
      line: invoice.fattura_elettronica_body[0]?.dati_beni_servizi.dettaglio_linee[0],
    };
    if (!line) throw new Error('no line');
    line.quantita = '3.00';
    line.prezzo_unitario = '10.25';
    const before = structuredClone(invoice);
    const computed = computeInvoiceTotals(invoice);
    expect(invoice).toEqual(before);
    const body = computed.fattura_elettronica_body[0];
    expect(body?.dati_beni_servizi.dettaglio_linee[0]?.prezzo_totale).toBe('30.75');
    expect(body?.dati_beni_servizi.dati_riepilogo).toEqual([
      { aliquota_iva: '22.00', imponibile_importo: '30.75', imposta: '6.77', esigibilita_iva: 'I' },
    ]);
    expect(body?.dati_generali.dati_generali_documento.importo_totale_documento).toBe('37.52');
    // Untouched parts are shared, not copied: cheap enough for every keystroke.
    expect(computed.fattura_elettronica_header).toBe(invoice.fattura_elettronica_header);
  });

  it('fills the pension-fund contribution and a single RT01 withholding', () => {
    const invoice = validOrdinary();
    const body = invoice.fattura_elettronica_body[0];
    const line = body?.dati_beni_servizi.dettaglio_linee[0];
    if (!body || !line) throw new Error('no body');
    line.quantita = '1.00';
    line.prezzo_unitario = '1000.00';
    line.ritenuta = 'SI';
    const document = body.dati_generali.dati_generali_documento;
    document.dati_cassa_previdenziale = [
      {
        tipo_cassa: 'TC04',
        al_cassa: '4.00',
        importo_contributo_cassa: '0',
        imponibile_cassa: '1000.00',
        aliquota_iva: '22.00',
        ritenuta: 'SI',
      },
    ];
    document.dati_ritenuta = [
      {
        tipo_ritenuta: 'RT01',
        importo_ritenuta: '0',
        aliquota_ritenuta: '20.00',
        causale_pagamento: 'A',
      },
    ];
    const computed = computeInvoiceTotals(invoice).fattura_elettronica_body[0];
    const out = computed?.dati_generali.dati_generali_documento;
    expect(out?.dati_cassa_previdenziale?.[0]?.importo_contributo_cassa).toBe('40.00');
    expect(out?.dati_ritenuta?.[0]?.importo_ritenuta).toBe('208.00');
    expect(computed?.dati_beni_servizi.dati_riepilogo[0]?.imponibile_importo).toBe('1040.00');
    expect(out?.importo_totale_documento).toBe('1268.80');
  });

  it('copes with a half-typed invoice', () => {
    const partial = {
      fattura_elettronica_header: {},
      fattura_elettronica_body: [
        { dati_beni_servizi: { dettaglio_linee: [{ prezzo_unitario: '1,' }] } },
      ],
    };
    expect(() => computeInvoiceTotals(partial as unknown as FatturaElettronica)).not.toThrow();
  });

  it('property: what it computes passes SDI checks 00421, 00422 and 00423', () => {
    const price = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((v) => formatScaled(v, 8));
    const quantity = fc.bigInt({ min: 1n, max: 10n ** 7n }).map((v) => formatScaled(v, 3));
    const discount = fc.record({
      tipo: fc.constantFrom('SC', 'MG'),
      percentuale: fc.bigInt({ min: 0n, max: 5000n }).map((v) => formatScaled(v, 2)),
    });
    const line = fc.record({
      prezzo_unitario: price,
      quantita: quantity,
      aliquota_iva: fc.constantFrom('4.00', '10.00', '22.00'),
      sconto_maggiorazione: fc.array(discount, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const invoice = validOrdinary();
        const body = invoice.fattura_elettronica_body[0];
        if (!body) return false;
        body.dati_beni_servizi.dettaglio_linee = lines.map((l, i): DettaglioLinee => ({
          numero_linea: String(i + 1),
          descrizione: 'x',
          prezzo_totale: '0',
          ...l,
        }));
        const computed = computeInvoiceTotals(invoice);
        const codes = runSdiChecks(computed, {
          format: 'FPR12',
          receivedAt: RECEIVED_AT,
        }).map((f) => f.code);
        return !codes.some((code) => code === '00421' || code === '00422' || code === '00423');
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
