// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../test/render-with-providers';
import { columnStorageKey } from './column-preferences';
import { listSnapshotOf } from './list-state-storage';
import { useListState } from './use-list-state';
import type { ListStateOptions } from './use-list-state';

type Filters = { email: string; enabled: string; 'status[]': string[] };

const options: ListStateOptions<Filters> = {
  defaultFilters: { email: '', enabled: '', 'status[]': [] },
};

function renderListState(
  initialUrl = '/list',
  tableKey = 'test-table',
  listOptions: ListStateOptions<Filters> = options,
) {
  return renderHookWithProviders(
    ({ key }: { key: string }) => {
      const location = useLocation();
      return { list: useListState(key, listOptions), search: location.search };
    },
    { route: initialUrl, initialProps: { key: tableKey } },
  );
}

function query(search: string) {
  return Object.fromEntries(new URLSearchParams(search));
}

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('useListState: URL', () => {
  it('starts from the defaults on a bare URL', async () => {
    const { result } = await renderListState();
    expect(result.current.list.filters).toEqual(options.defaultFilters);
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.itemsPerPage).toBe(30);
    expect(result.current.list.order).toBeNull();
    expect(result.current.list.queryParams).toEqual({ page: '1', itemsPerPage: '30' });
  });

  it('reads filters, page, page size and ordering from the URL', async () => {
    const { result } = await renderListState(
      '/list?email=ann&status[]=a&status[]=b&page=3&itemsPerPage=50&order[email]=desc',
    );
    const { list } = result.current;
    expect(list.filters).toEqual({ email: 'ann', enabled: '', 'status[]': ['a', 'b'] });
    expect(list.page).toBe(3);
    expect(list.itemsPerPage).toBe(50);
    expect(list.order).toEqual({ field: 'email', direction: 'desc' });
    expect(list.queryParams).toEqual({
      page: '3',
      itemsPerPage: '50',
      email: 'ann',
      'status[]': ['a', 'b'],
      'order[email]': 'desc',
    });
  });

  it('falls back to defaults for hand-edited garbage and clamps the page size', async () => {
    const { result } = await renderListState(
      '/list?page=-2&itemsPerPage=5000&order[email]=sideways',
    );
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.itemsPerPage).toBe(100);
    expect(result.current.list.order).toBeNull();
  });

  it('writes applied filters into the URL and goes back to page 1', async () => {
    const { result } = await renderListState('/list?page=4');
    act(() =>
      result.current.list.setFilters({ email: 'bob', enabled: 'false', 'status[]': ['x'] }),
    );
    expect(query(result.current.search)).toEqual({
      email: 'bob',
      enabled: 'false',
      'status[]': 'x',
    });
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.filters.email).toBe('bob');
  });

  it('keeps keys it does not own, such as an open dialog', async () => {
    const { result } = await renderListState('/list?dialogId=details&dialog_email=a%40b.c');
    act(() => result.current.list.setPage(2));
    expect(query(result.current.search)).toEqual({
      dialogId: 'details',
      dialog_email: 'a@b.c',
      page: '2',
    });
  });

  it('clears back to the default filters and page 1', async () => {
    const { result } = await renderListState('/list?email=ann&enabled=true&page=2&itemsPerPage=10');
    act(() => result.current.list.clearFilters());
    expect(result.current.list.filters).toEqual(options.defaultFilters);
    expect(result.current.list.page).toBe(1);
    // The page size is a reading preference, not a filter: Clear keeps it.
    expect(query(result.current.search)).toEqual({ itemsPerPage: '10' });
  });

  it('keeps an explicitly emptied filter whose default is not empty', async () => {
    const withDefault: ListStateOptions<Filters> = {
      defaultFilters: { email: '', enabled: 'true', 'status[]': ['open'] },
    };
    const { result } = await renderListState('/list', 'test-table', withDefault);
    act(() => result.current.list.setFilters({ email: '', enabled: '', 'status[]': [] }));
    expect(result.current.search).toBe('?enabled=&status%5B%5D=');
    expect(result.current.list.filters).toEqual({ email: '', enabled: '', 'status[]': [] });
    act(() => result.current.list.clearFilters());
    expect(result.current.search).toBe('');
    expect(result.current.list.filters).toEqual(withDefault.defaultFilters);
  });

  it('resets the page when the page size or the ordering changes', async () => {
    const { result } = await renderListState('/list?page=3');
    act(() => result.current.list.setItemsPerPage(50));
    expect(query(result.current.search)).toEqual({ itemsPerPage: '50' });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.toggleOrder('created_at'));
    expect(query(result.current.search)).toEqual({
      itemsPerPage: '50',
      'order[created_at]': 'asc',
    });
  });

  it('cycles ordering asc, desc, none', async () => {
    const { result } = await renderListState();
    act(() => result.current.list.toggleOrder('email'));
    expect(result.current.list.order).toEqual({ field: 'email', direction: 'asc' });
    act(() => result.current.list.toggleOrder('email'));
    expect(result.current.list.order).toEqual({ field: 'email', direction: 'desc' });
    act(() => result.current.list.toggleOrder('email'));
    expect(result.current.list.order).toBeNull();
    expect(result.current.search).toBe('');
  });

  it('sends trimmed filters and leaves empty ones out of the API query', async () => {
    const { result } = await renderListState('/list?email=%20ann%20&enabled=');
    expect(result.current.list.queryParams).toEqual({
      page: '1',
      itemsPerPage: '30',
      email: 'ann',
    });
  });
});

describe('useListState: column choices', () => {
  it('stores a column choice per table key in localStorage', async () => {
    const { result } = await renderListState();
    expect(result.current.list.isColumnVisible('fullname')).toBe(true);
    expect(result.current.list.isColumnVisible('notes', false)).toBe(false);
    act(() => result.current.list.setColumnVisible('fullname', false));
    act(() => result.current.list.setColumnVisible('notes', true));
    expect(result.current.list.isColumnVisible('fullname')).toBe(false);
    expect(result.current.list.isColumnVisible('notes', false)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(columnStorageKey('test-table')) ?? '')).toEqual({
      fullname: false,
      notes: true,
    });
    expect(window.localStorage.getItem(columnStorageKey('other-table'))).toBeNull();
  });

  it('restores the choices after a remount (a reload)', async () => {
    const first = await renderListState();
    act(() => first.result.current.list.setColumnVisible('email', false));
    first.unmount();
    const second = await renderListState();
    expect(second.result.current.list.isColumnVisible('email')).toBe(false);
    expect(second.result.current.list.isColumnVisible('fullname')).toBe(true);
  });

  it('keeps tables apart when the same screen switches table key', async () => {
    window.localStorage.setItem(columnStorageKey('b'), JSON.stringify({ email: false }));
    const { result, rerender } = await renderListState('/list', 'a');
    expect(result.current.list.isColumnVisible('email')).toBe(true);
    rerender({ key: 'b' });
    expect(result.current.list.isColumnVisible('email')).toBe(false);
  });

  it('resets the choices of one table', async () => {
    const { result } = await renderListState();
    act(() => result.current.list.setColumnVisible('email', false));
    act(() => result.current.list.resetColumns());
    expect(result.current.list.isColumnVisible('email')).toBe(true);
    expect(window.localStorage.getItem(columnStorageKey('test-table'))).toBeNull();
  });

  it('ignores corrupt stored choices', async () => {
    window.localStorage.setItem(columnStorageKey('test-table'), '{not json');
    const { result } = await renderListState();
    expect(result.current.list.isColumnVisible('email')).toBe(true);
  });
});

describe('useListState: kept per table', () => {
  it('opens a bare list as it was left, shows that in the URL, and forgets a cleared list', async () => {
    const first = await renderListState('/list');
    act(() => first.result.current.list.setFilters({ email: 'ann', enabled: '', 'status[]': [] }));
    act(() => first.result.current.list.setPage(2));
    first.unmount();

    const again = await renderListState('/list');
    expect(again.result.current.list.filters.email).toBe('ann');
    expect(again.result.current.list.page).toBe(2);
    expect(query(again.result.current.search)).toEqual({ email: 'ann', page: '2' });
    // Another table keeps its own state.
    expect((await renderListState('/list', 'other-table')).result.current.list.filters.email).toBe(
      '',
    );

    act(() => again.result.current.list.clearFilters());
    again.unmount();
    expect((await renderListState('/list')).result.current.list.filters.email).toBe('');
  });

  it('lets a link with list parameters win and keeps what it opened', async () => {
    (await renderListState('/list?email=kept')).unmount();
    const linked = await renderListState('/list?email=linked&dialog=x');
    expect(linked.result.current.list.filters.email).toBe('linked');
    linked.unmount();
    expect((await renderListState('/list?dialog=y')).result.current.list.filters.email).toBe(
      'linked',
    );
  });
});

describe('listSnapshotOf: what a route loader asks for', () => {
  const defaults = { defaultFilters: options.defaultFilters, defaultPageSize: 30 };

  it('reads the same list as the hook from the address', async () => {
    const url = '/list?email=a%40b.it&status%5B%5D=sent&page=3&itemsPerPage=50';
    const { result } = await renderListState(url);
    const snapshot = listSnapshotOf('test-table', new URLSearchParams(url.split('?')[1]), defaults);
    expect(snapshot).toEqual({
      filters: result.current.list.filters,
      page: result.current.list.page,
      itemsPerPage: result.current.list.itemsPerPage,
      order: result.current.list.order,
    });
    expect(snapshot.page).toBe(3);
  });

  it('opens a bare address on the list as the table kept it', async () => {
    const first = await renderListState('/list?email=kept%40b.it&page=2');
    first.unmount();
    const snapshot = listSnapshotOf('test-table', new URLSearchParams(''), defaults);
    expect(snapshot.filters.email).toBe('kept@b.it');
    expect(snapshot.page).toBe(2);
    // Another table keeps its own state.
    expect(listSnapshotOf('other-table', new URLSearchParams(''), defaults).filters.email).toBe('');
  });
});
