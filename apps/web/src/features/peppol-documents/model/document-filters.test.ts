import { describe, expect, it } from 'vitest';
import { toDocumentRequest } from './document-filters';
import { documentScreenOf, documentsTableKey } from './document-screens';

describe('Peppol document list filters', () => {
  it('sends the document number only with a document date bound, and downloaded as true or false', () => {
    expect(
      toDocumentRequest(
        { documentNumber: ' INV-1 ', downloaded: 'maybe', senderName: 'Gamma' },
        'incoming',
      ),
    ).toEqual({ by: 'list', query: { direction: 'incoming', senderName: 'Gamma' } });
    expect(
      toDocumentRequest(
        {
          documentNumber: 'INV-1',
          'documentDate[after]': '2026-11-01T00:00:00+01:00',
          downloaded: 'false',
        },
        'outgoing',
      ),
    ).toEqual({
      by: 'list',
      query: {
        direction: 'outgoing',
        documentNumber: 'INV-1',
        'documentDate[after]': '2026-11-01T00:00:00+01:00',
        downloaded: 'false',
      },
    });
  });

  it('asks for one document when a uuid is typed, whatever the other filters', () => {
    expect(toDocumentRequest({ uuid: ' 6f1c ', senderName: 'Gamma' }, 'incoming')).toEqual({
      by: 'uuid',
      uuid: '6f1c',
    });
  });

  it('knows each screen by its path, Belgium carrying invoices and credit notes only', () => {
    expect(documentScreenOf('/peppol/incoming-order-responses/')).toMatchObject({
      domain: 'it',
      kind: 'order-response',
      direction: 'incoming',
    });
    expect(documentScreenOf('/peppol-be/outgoing-credit-notes')).toMatchObject({
      domain: 'be',
      kind: 'credit-note',
    });
    expect(documentScreenOf('/peppol-be/incoming-orders')).toBeUndefined();
    expect(documentsTableKey({ domain: 'be', kind: 'invoice', direction: 'incoming' })).toBe(
      'peppol-be-incoming-invoices',
    );
  });

  it('serves Italy’s NSO lists from the Italian menu, asking for the NSO transaction only', () => {
    expect(documentScreenOf('/incoming-orders')).toMatchObject({
      domain: 'it',
      nso: true,
      kind: 'order',
      direction: 'incoming',
    });
    expect(
      documentsTableKey({ domain: 'it', kind: 'order', direction: 'incoming', nso: true }),
    ).toBe('nso-it-incoming-orders');
    expect(toDocumentRequest({ senderName: 'ASL' }, 'incoming', true)).toEqual({
      by: 'list',
      query: { direction: 'incoming', transaction: 'nso', senderName: 'ASL' },
    });
  });
});
