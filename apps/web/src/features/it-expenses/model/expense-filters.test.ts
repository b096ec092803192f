import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultExpenseFilters, emptyExpenseFilters, toExpenseListQuery } from './expense-filters';

describe('the expenses list filters', () => {
  it('open on the last month, from 00:00:00 a month ago to 23:59:59 today, local time', () => {
    const filters = defaultExpenseFilters(dayjs('2026-03-31T15:42:10'));
    // One month before 31 March is the end of February.
    expect(filters['created_at[after]']).toMatch(/^2026-02-28T00:00:00[+-]\d{2}:\d{2}$/);
    expect(filters['created_at[before]']).toMatch(/^2026-03-31T23:59:59[+-]\d{2}:\d{2}$/);
    expect(dayjs(filters['created_at[after]']).isSame(dayjs('2026-02-28T00:00:00'))).toBe(true);
    expect(dayjs(filters['created_at[before]']).isSame(dayjs('2026-03-31T23:59:59'))).toBe(true);
    expect({ ...filters, 'created_at[after]': '', 'created_at[before]': '' }).toEqual(
      emptyExpenseFilters,
    );
  });

  it('send the filters trimmed, fiscal codes upper-cased, unknown codes left out', () => {
    expect(
      toExpenseListQuery({
        page: '2',
        itemsPerPage: '30',
        'created_at[after]': '2026-02-28T00:00:00+01:00',
        codice_fiscale_proprietario: ' rssmra80a01h501u ',
        codice_fiscale_cittadino: 'bnclcu85m10f205z',
        expense_type: 'SR',
        status: 'warning',
        document_number: ' FT-17 ',
      }),
    ).toEqual({
      page: '2',
      itemsPerPage: '30',
      'created_at[after]': '2026-02-28T00:00:00+01:00',
      codice_fiscale_proprietario: 'RSSMRA80A01H501U',
      codice_fiscale_cittadino: 'BNCLCU85M10F205Z',
      expense_type: 'SR',
      status: 'warning',
      document_number: 'FT-17',
    });
    expect(
      toExpenseListQuery({ expense_type: 'XX', status: 'lost', document_number: ' ' }),
    ).toEqual({});
  });
});
