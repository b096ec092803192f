import type { InvoiceNotification } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import {
  isFixableLocally,
  offersCreditNote,
  pollWhileUnsettled,
  UNSETTLED_POLL_MS,
} from './invoice-rules';
import { sdiErrors } from './notification-message';

function ns(codes: string[], createdAt: string): InvoiceNotification {
  return {
    uuid: crypto.randomUUID(),
    invoice_uuid: '52711c42-432c-4f1c-a130-68e6fd8597ba',
    type: 'NS',
    file_name: 'x_NS_001.xml',
    created_at: createdAt,
    message: {
      lista_errori: codes.map((Codice) => ({ Codice, Descrizione: 'd', Suggerimento: null })),
    },
  };
}

const rejected = { type: 0 as const, marking: 'rejected' as const, archived: false };

describe('sdiErrors', () => {
  it('reads plain lists and the Errore wrapping, with null texts as empty', () => {
    expect(sdiErrors(ns(['00404'], '2026-01-01T00:00:00Z'))).toEqual([
      { Codice: '00404', Descrizione: 'd', Suggerimento: '' },
    ]);
    expect(
      sdiErrors({ message: { lista_errori: { Errore: { Codice: '00200', Descrizione: 'x' } } } }),
    ).toEqual([{ Codice: '00200', Descrizione: 'x', Suggerimento: '' }]);
  });
});

describe('isFixableLocally (spec 4 "Fix mode")', () => {
  it('needs a rejected sent invoice whose latest NS has a 002/003/004 code', () => {
    expect(isFixableLocally(rejected, [ns(['00305'], '2026-01-01T00:00:00Z')])).toBe(true);
    expect(isFixableLocally(rejected, [ns(['00102'], '2026-01-01T00:00:00Z')])).toBe(false);
    expect(
      isFixableLocally(rejected, [
        ns(['00404'], '2026-01-01T00:00:00Z'),
        ns(['00102'], '2026-01-02T00:00:00Z'),
      ]),
    ).toBe(false);
    expect(
      isFixableLocally({ ...rejected, marking: 'delivered' }, [
        ns(['00404'], '2026-01-01T00:00:00Z'),
      ]),
    ).toBe(false);
    expect(
      isFixableLocally({ ...rejected, archived: true }, [ns(['00404'], '2026-01-01T00:00:00Z')]),
    ).toBe(false);
    expect(isFixableLocally(rejected, [])).toBe(false);
  });
});

describe('offersCreditNote', () => {
  it('offers a credit note for sent invoices that are not credit notes', () => {
    expect(offersCreditNote({ type: 0, document_type: 'TD01' })).toBe(true);
    expect(offersCreditNote({ type: 0, document_type: 'TD04' })).toBe(false);
    expect(offersCreditNote({ type: 0, document_type: 'TD08' })).toBe(false);
    expect(offersCreditNote({ type: 1, document_type: 'TD01' })).toBe(false);
  });
});

describe('pollWhileUnsettled', () => {
  it('polls while any invoice waits, is sent or in quarantine, and stops once all settled', () => {
    expect(pollWhileUnsettled([{ marking: 'delivered' }, { marking: 'waiting' }])).toBe(
      UNSETTLED_POLL_MS,
    );
    expect(pollWhileUnsettled([{ marking: 'sent' }])).toBe(UNSETTLED_POLL_MS);
    expect(pollWhileUnsettled([{ marking: 'quarantena' }])).toBe(UNSETTLED_POLL_MS);
    expect(pollWhileUnsettled([{ marking: 'delivered' }, { marking: 'rejected' }])).toBe(false);
    expect(pollWhileUnsettled(undefined)).toBe(false);
    expect(pollWhileUnsettled([])).toBe(false);
  });
});
