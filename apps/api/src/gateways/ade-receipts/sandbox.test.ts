import { describe, expect, it } from 'vitest';
import { DEMO_FISCONLINE_CREDENTIALS } from '../tax-portal/fisconline-demo.ts';
import type { AdeDocument } from './ade-receipts-gateway.ts';
import { AdeUnavailableError } from './ade-receipts-gateway.ts';
import { inClosingWindow, romeClock } from './rome-clock.ts';
import { ADE_SCENARIOS, SandboxAdeReceiptsGateway } from './sandbox.ts';
import { memoryCounter } from './sandbox-counter.ts';

// 10:00 in Rome on 7 December 2026 (CET, UTC+1): the 341st day of the year.
const MORNING = new Date('2026-12-07T09:00:00Z');

function sale(overrides: Partial<AdeDocument> = {}): AdeDocument {
  return {
    kind: 'sale',
    fiscalId: '01234567897',
    credentials: { ...DEMO_FISCONLINE_CREDENTIALS },
    acquiredAt: MORNING,
    lotteryCode: null,
    lines: [
      {
        description: 'Caffè',
        quantity: '1.00',
        vatRateCode: '22',
        complimentary: false,
        grossUnitPrice: '10.00000000',
        grossDiscount: '0.00000000',
        totalAmount: '10.00000000',
        netTaxableAmount: '8.19672131',
        vatAmount: '1.80327869',
      },
    ],
    totalAmount: '10.00000000',
    totalTaxableAmount: '8.19672131',
    totalVatAmount: '1.80327869',
    payments: {
      cash: '10.00',
      electronic: '0',
      ticketRestaurant: '0',
      ticketRestaurantQuantity: 0,
      servicesUncollected: '0',
      goodsUncollected: '0',
      discount: '0',
    },
    reference: null,
    attempt: 1,
    ...overrides,
  };
}

const gateway = () => new SandboxAdeReceiptsGateway({ counter: memoryCounter() });

describe('the documento commerciale sandbox', () => {
  it('numbers documents per VAT number and Rome day, with an id for each line', async () => {
    const ade = gateway();
    const first = await ade.send(sale(), MORNING);
    const second = await ade.send(sale(), MORNING);
    const other = await ade.send(sale({ fiscalId: '02468135799' }), MORNING);
    expect(first).toMatchObject({ accepted: true, documentNumber: 'DCW2026/0341-0001' });
    expect(second).toMatchObject({ accepted: true, documentNumber: 'DCW2026/0341-0002' });
    expect(other).toMatchObject({ accepted: true, documentNumber: 'DCW2026/0341-0001' });
    if (first.accepted) {
      expect(first.itemIds).toEqual([`${first.transactionId}001`]);
      expect(first.documentDate).toEqual(MORNING);
    }
  });

  it('reads the day in Rome: 23:30 UTC on 31 December is already 1 January there', () => {
    expect(romeClock(new Date('2026-12-31T23:30:00Z'))).toMatchObject({
      day: '2027-01-01',
      dayOfYear: 1,
    });
    // Summer time: 21:56 UTC is 23:56 in Rome.
    expect(inClosingWindow(new Date('2026-07-01T21:56:00Z'))).toBe(true);
    expect(inClosingWindow(new Date('2026-07-01T21:54:00Z'))).toBe(false);
  });

  it('is closed from 23:55 to midnight, and refuses a document after its day', async () => {
    const late = new Date('2026-12-07T22:56:00Z'); // 23:56 in Rome
    await expect(gateway().send(sale({ acquiredAt: late }), late)).rejects.toMatchObject({
      code: 'CLOSING_WINDOW',
    });
    const nextDay = new Date('2026-12-07T23:05:00Z'); // 00:05 on the 8th
    expect(await gateway().send(sale(), nextDay)).toMatchObject({
      accepted: false,
      code: 'DAY_CLOSED',
    });
  });

  it('rehearses the channel failing once, failing always, and the credentials refused', async () => {
    const busy = sale({
      lotteryCode: ADE_SCENARIOS.busyOnce,
      payments: { ...sale().payments, cash: '0', electronic: '10.00' },
    });
    await expect(gateway().send(busy, MORNING)).rejects.toBeInstanceOf(AdeUnavailableError);
    expect(await gateway().send({ ...busy, attempt: 2 }, MORNING)).toMatchObject({
      accepted: true,
    });
    const down = { ...busy, lotteryCode: ADE_SCENARIOS.down, attempt: 9 };
    await expect(gateway().send(down, MORNING)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    const wrong = sale({ credentials: { ...DEMO_FISCONLINE_CREDENTIALS, pin: '0000000000' } });
    expect(await gateway().send(wrong, MORNING)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    for (const [code, expected] of [
      [ADE_SCENARIOS.expiredCredentials, 'CREDENTIALS_EXPIRED'],
      [ADE_SCENARIOS.notAllowed, 'CANNOTSENDDATAFORTHISLEGALENTITY'],
    ] as const) {
      const document = { ...busy, lotteryCode: code };
      expect(await gateway().send(document, MORNING)).toMatchObject({
        accepted: false,
        code: expected,
      });
    }
  });

  it('checks the data: rates, totals, payments, the lottery code and the sale a return names', async () => {
    const line = sale().lines[0]!;
    const cases: [Partial<AdeDocument>, string][] = [
      [{ lines: [{ ...line, vatRateCode: '21' }] }, 'INVALID_VAT_RATE'],
      [{ lines: [{ ...line, vatAmount: '1.80327870' }] }, 'INCONSISTENT_TOTALS'],
      [{ totalAmount: '10.01000000' }, 'INCONSISTENT_TOTALS'],
      [{ payments: { ...sale().payments, cash: '9.99' } }, 'PAYMENTS_DO_NOT_MATCH'],
      [{ lotteryCode: 'abc' }, 'INVALID_LOTTERY_CODE'],
      [{ lotteryCode: 'AB12CD34' }, 'LOTTERY_NEEDS_ELECTRONIC_PAYMENT'],
      [
        { kind: 'return', reference: { documentNumber: 'X', documentDate: MORNING } },
        'UNKNOWN_REFERENCE',
      ],
    ];
    for (const [overrides, code] of cases) {
      expect(await gateway().send(sale(overrides), MORNING), code).toMatchObject({
        accepted: false,
        code,
      });
    }
    const giveBack = sale({
      kind: 'void',
      payments: { ...sale().payments, cash: '0' },
      reference: { documentNumber: 'DCW2026/0341-0001', documentDate: MORNING },
    });
    expect(await gateway().send(giveBack, MORNING)).toMatchObject({ accepted: true });
  });
});
