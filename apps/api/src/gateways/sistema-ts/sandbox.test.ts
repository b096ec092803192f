import { describe, expect, it } from 'vitest';
import { isValidCodiceFiscale } from '@fiscus/fatturapa/fields';
import {
  checkDocument,
  fileOutcome,
  SandboxSistemaTsGateway,
  TS_PROTOCOL,
  TS_SCENARIOS,
} from './sandbox.ts';
import { memoryTsStore } from './sandbox-store.ts';
import type { TsDocument } from './sistema-ts-gateway.ts';
import { SistemaTsUnavailableError } from './sistema-ts-gateway.ts';

const DOCUMENT: TsDocument = {
  ownerFiscalCode: 'VRDLGU75C12F205G',
  citizenFiscalCode: 'RSSMRA80A01H501U',
  opposition: false,
  amount: '80.00',
  expenseType: 'SR',
  paymentTracked: true,
  documentType: 'F',
  documentNumber: '12/2026',
  documentDate: '2026-12-01',
  paymentDate: '2026-12-01',
};
const NOW = new Date('2026-12-07T09:00:00Z');

describe('Sistema TS sandbox', () => {
  it('rehearses its failures with well-formed citizens’ codes only', () => {
    for (const code of Object.values(TS_SCENARIOS)) expect(isValidCodiceFiscale(code)).toBe(true);
  });

  it('checks a document as Sistema TS does: errors refuse, a warning does not', () => {
    expect(checkDocument(DOCUMENT, '2026-12-07')).toEqual([]);
    const codes = (changes: Partial<TsDocument>) =>
      checkDocument({ ...DOCUMENT, ...changes }, '2026-12-07').map(
        (entry) => `${entry.type}:${entry.code}`,
      );
    expect(codes({ paymentTracked: false })).toEqual(['warning:PAGAMENTO_NON_TRACCIATO']);
    expect(codes({ paymentTracked: false, expenseType: 'FC' })).toEqual([]);
    expect(codes({ citizenFiscalCode: null })).toEqual(['error:CF_CITTADINO_ASSENTE']);
    expect(codes({ opposition: true })).toEqual(['error:CF_CITTADINO_CON_OPPOSIZIONE']);
    expect(codes({ opposition: true, citizenFiscalCode: null })).toEqual([]);
    expect(codes({ citizenFiscalCode: 'RSSMRA80A01H501X' })).toEqual([
      'error:CF_CITTADINO_NON_VALIDO',
    ]);
    expect(codes({ citizenFiscalCode: TS_SCENARIOS.unknownCitizen })).toEqual([
      'error:CF_CITTADINO_NON_PRESENTE',
    ]);
    expect(codes({ amount: '0.00' })).toEqual(['error:IMPORTO_NON_VALIDO']);
    expect(codes({ documentDate: '2026-12-08' })).toEqual(['error:DATA_NON_VALIDA']);
    expect(codes({ expenseType: 'ZZ' })).toEqual(['error:TIPO_SPESA_NON_VALIDO']);
  });

  it('gives a file 0 when every document is accepted, 1 when none is, 2 otherwise', () => {
    expect(fileOutcome([0, 0])).toBe(0);
    expect(fileOutcome([1, 1])).toBe(1);
    expect(fileOutcome([0, 1])).toBe(2);
    expect(fileOutcome([2])).toBe(2);
  });

  it('gives a protocol at once and an outcome only after its processing time, once', async () => {
    const gateway = new SandboxSistemaTsGateway({
      store: memoryTsStore(),
      processingDelayMs: 60_000,
    });
    const { protocol } = await gateway.submit(
      {
        ownerFiscalCode: DOCUMENT.ownerFiscalCode,
        operation: 'insert',
        attempt: 1,
        documents: [DOCUMENT],
      },
      NOW,
    );
    expect(protocol).toMatch(TS_PROTOCOL);
    expect(protocol.startsWith('261207100000')).toBe(true);
    expect(await gateway.outcome(protocol, new Date(NOW.getTime() + 59_000))).toBeNull();
    expect(await gateway.receipt(protocol)).toBeNull();
    const later = new Date(NOW.getTime() + 61_000);
    const outcome = await gateway.outcome(protocol, later);
    expect(outcome).toMatchObject({ outcome: 0, documents: [{ outcome: 0, messages: [] }] });
    // Asked again, the same decision (not a duplicate of itself).
    expect(await gateway.outcome(protocol, later)).toEqual(outcome);
    expect((await gateway.receipt(protocol))?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('cannot be reached on the outage scenarios', async () => {
    const gateway = new SandboxSistemaTsGateway({ store: memoryTsStore(), processingDelayMs: 0 });
    const file = (citizen: string, attempt: number) => ({
      ownerFiscalCode: DOCUMENT.ownerFiscalCode,
      operation: 'insert' as const,
      attempt,
      documents: [{ ...DOCUMENT, citizenFiscalCode: citizen }],
    });
    await expect(gateway.submit(file(TS_SCENARIOS.busyOnce, 1), NOW)).rejects.toBeInstanceOf(
      SistemaTsUnavailableError,
    );
    await expect(gateway.submit(file(TS_SCENARIOS.busyOnce, 2), NOW)).resolves.toHaveProperty(
      'protocol',
    );
    await expect(gateway.submit(file(TS_SCENARIOS.down, 6), NOW)).rejects.toBeInstanceOf(
      SistemaTsUnavailableError,
    );
  });
});
