// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { columnStorageKey } from './column-preferences';
import { DataTable } from './data-table';
import type { DataTableColumn } from './data-table';
import { FilterPanel } from './filter-panel';
import type { FilterInput } from './filter-inputs';
import { summarizeChosen } from './multi-select-filter-field';
import { useListState } from './use-list-state';

interface Person {
  email: string;
  name: string;
}

const people: Person[] = Array.from({ length: 45 }, (_, index) => ({
  email: `person${index + 1}@example.test`,
  name: `Person ${index + 1}`,
}));

const columns: DataTableColumn<Person>[] = [
  { id: 'email', label: 'Email', render: (person) => person.email, orderField: 'email' },
  { id: 'name', label: 'Name', render: (person) => person.name },
];

const inputs: FilterInput[] = [
  { kind: 'text', name: 'email', label: 'Email' },
  { kind: 'triState', name: 'enabled', label: 'Enabled' },
];

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="url">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** A small list screen as a feature would write it, with an in-memory "API". */
function PeopleScreen({ mode = 'data' }: { mode?: 'data' | 'error' | 'loading' }) {
  const list = useListState('people', { defaultFilters: { email: '', enabled: '' } });
  const [selected, setSelected] = useState<string[]>([]);
  const page = useMemo(() => {
    const matching = people.filter((person) => person.email.includes(list.filters.email as string));
    const start = (list.page - 1) * list.itemsPerPage;
    return { items: matching.slice(start, start + list.itemsPerPage), total: matching.length };
  }, [list.filters.email, list.page, list.itemsPerPage]);
  return (
    <>
      <FilterPanel state={list} inputs={inputs} defaultExpanded />
      <DataTable
        label="People"
        columns={columns}
        rows={mode === 'data' ? page.items : undefined}
        total={page.total}
        getRowId={(person) => person.email}
        state={list}
        isLoading={mode === 'loading'}
        isError={mode === 'error'}
        selection={{
          selectedIds: selected,
          onChange: setSelected,
          bulkActions: (ids) => <button type="button">Export {ids.length}</button>,
        }}
      />
      <LocationProbe />
    </>
  );
}

function renderScreen(route = '/list', mode?: 'data' | 'error' | 'loading') {
  return renderWithProviders(<PeopleScreen mode={mode} />, { route, namespaces: ['listKit'] });
}

const url = () => screen.getByRole('status', { name: 'url' }).textContent ?? '';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('list screen built from the kit', () => {
  it('shows the first page of 30 and pages through the URL', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('1–30 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(url()).toBe('?page=2');
    expect(within(table).getAllByRole('row')).toHaveLength(16);
    expect(screen.getByText('person45@example.test')).toBeInTheDocument();
  });

  it('searching applies the filters and goes back to page 1', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?page=2');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'person4');
    // Typing alone changes nothing until Search.
    expect(url()).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(url()).toBe('?email=person4');
    expect(screen.getByText('1–7 of 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters \(1 active\)/ })).toBeInTheDocument();
  });

  it('Clear restores the defaults', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?email=person4&enabled=true&page=1');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('person4');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(url()).toBe('');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(screen.getByText('1–30 of 45')).toBeInTheDocument();
  });

  it('Clear also drops what was typed but not searched', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'typed');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(url()).toBe('');
  });

  it('offers any / yes / no for a tri-state filter', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(screen.getByRole('combobox', { name: 'Enabled' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Any', 'Yes', 'No']);
    await user.click(screen.getByRole('option', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(url()).toBe('?enabled=false');
  });

  it('shows "No records found" for an empty page', async () => {
    await renderScreen('/list?email=nobody');
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('hides the table and shows the generic message on error', async () => {
    await renderScreen('/list', 'error');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('An error occurred, please try again later.')).toBeInTheDocument();
  });

  it('shows a loader while loading', async () => {
    await renderScreen('/list', 'loading');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('No records found')).not.toBeInTheDocument();
  });

  it('hides a column from the Columns menu and remembers it', async () => {
    const user = userEvent.setup();
    const first = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(columnStorageKey('people'))).toBe('{"name":false}');
    first.unmount();
    await renderScreen();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('never lets the last visible column be hidden', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(columnStorageKey('people'), '{"name":false}');
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Email' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('sorts through the header and writes the order into the URL', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?page=2');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(url()).toBe('?order%5Bemail%5D=asc');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(url()).toBe('?order%5Bemail%5D=desc');
  });

  it('selects rows for bulk actions', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(screen.getByRole('checkbox', { name: 'Select person2@example.test' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('30 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export 30' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });

  it('Back restores the previous filters into the panel', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?email=person1');
    const emailBox = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(emailBox);
    await user.type(emailBox, 'person2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(url()).toBe('?email=person2');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(url()).toBe('?email=person1');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('person1');
  });
});

describe('summarizeChosen', () => {
  it('shows every value up to three', async () => {
    expect(summarizeChosen(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], hiddenCount: 0 });
  });

  it('shows the last three chosen and counts the rest', async () => {
    expect(summarizeChosen(['a', 'b', 'c', 'd', 'e'])).toEqual({
      shown: ['c', 'd', 'e'],
      hiddenCount: 2,
    });
  });
});
