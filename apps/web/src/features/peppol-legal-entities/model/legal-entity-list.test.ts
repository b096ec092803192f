import { describe, expect, it } from 'vitest';
import { peppolDirectoryUrl, toLegalEntityListQuery } from './legal-entity-list';

describe('toLegalEntityListQuery', () => {
  it('turns the sort selects into sortBy, ascending unless descending is chosen', () => {
    expect(
      toLegalEntityListQuery({ page: '1', itemsPerPage: '30', sortField: 'identifierScheme' }),
    ).toEqual({ page: '1', itemsPerPage: '30', 'sortBy[identifierScheme]': 'asc' });
    expect(toLegalEntityListQuery({ page: '2', sortField: 'createdAt', sortType: 'desc' })).toEqual(
      { page: '2', 'sortBy[createdAt]': 'desc' },
    );
  });

  it('sends no sort for a sort type alone or an unknown field', () => {
    expect(toLegalEntityListQuery({ page: '1', sortType: 'desc' })).toEqual({ page: '1' });
    expect(toLegalEntityListQuery({ page: '1', 'order[uuid]': 'asc' })).toEqual({ page: '1' });
  });

  it('lets a sorted column header win over the selects', () => {
    expect(
      toLegalEntityListQuery({
        page: '1',
        registeredName: 'gamma',
        sortField: 'createdAt',
        'order[identifierValue]': 'desc',
      }),
    ).toEqual({ page: '1', registeredName: 'gamma', 'sortBy[identifierValue]': 'desc' });
  });
});

describe('peppolDirectoryUrl', () => {
  it('searches the participant identifier, encoded', () => {
    expect(peppolDirectoryUrl('0208', '0123456749')).toBe(
      'https://directory.peppol.eu/public/locale-en_US/menuitem-search?q=0208%3A0123456749',
    );
  });
});
