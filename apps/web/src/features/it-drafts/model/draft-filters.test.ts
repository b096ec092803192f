import { describe, expect, it } from 'vitest';
import { draftDateBound, emptyDraftFilters, toDraftListQuery } from './draft-filters';
import type { DraftFilters } from './draft-filters';

const query = (filters: Partial<DraftFilters>) =>
  toDraftListQuery({ filters: { ...emptyDraftFilters, ...filters }, page: 3, itemsPerPage: 30 });

describe('toDraftListQuery (spec 3 "List filters", Drafts)', () => {
  it('asks for sent-invoice drafts of the page when no filter is set', () => {
    expect(query({})).toEqual({ type: '0', page: '3', itemsPerPage: '30' });
  });

  it('sends created_at bounds as 00:00:00 and 23:59:59 with the user zone', () => {
    const sent = query({
      'created_at[after]': '2026-03-01T00:00:00+01:00',
      'created_at[before]': '2026-03-31T23:59:59+02:00',
    });
    expect(sent['created_at[after]']).toBe('2026-03-01 00:00:00+01:00');
    expect(sent['created_at[before]']).toBe('2026-03-31 23:59:59+02:00');
  });

  it('sends invoice-date bounds as calendar days without zone', () => {
    const sent = query({ 'invoiceDate[after]': '2026-03-01', 'invoiceDate[before]': '2026-03-02' });
    expect(sent['invoiceDate[after]']).toBe('2026-03-01 00:00:00');
    expect(sent['invoiceDate[before]']).toBe('2026-03-02 23:59:59');
  });

  it('drops bounds that are not dates', () => {
    expect(draftDateBound('last week', 'start', true)).toBeUndefined();
    expect(query({ 'created_at[after]': 'last week' })).not.toHaveProperty('created_at[after]');
  });

  it('sends the party filters trimmed, under the names the drafts endpoint takes', () => {
    expect(
      query({
        'sender.business_name': ' Acme ',
        'recipient.business_name': 'Rossi',
        'sender.fiscalId': 'IT01234567897',
        'recipient.fiscalId': '  ',
      }),
    ).toEqual({
      type: '0',
      page: '3',
      itemsPerPage: '30',
      'sender.business_name': 'Acme',
      'recipient.business_name': 'Rossi',
      'sender.fiscalId': 'IT01234567897',
    });
  });

  it('asks for that one draft on page 1 and ignores the rest while a uuid is set', () => {
    const uuid = '52711c42-432c-4f1c-a130-68e6fd8597ba';
    expect(
      query({
        uuid: ` ${uuid} `,
        'recipient.business_name': 'Rossi',
        'invoiceDate[after]': '2026-03-01',
      }),
    ).toEqual({ type: '0', uuid, page: '1', itemsPerPage: '30' });
  });
});
