// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { useListState, useUrlDialog } from '../list-kit';
import { ResourceListPage, type ListQueryResult } from './resource-list-page';
import { useRowDialog } from './use-row-dialog';

interface Fruit {
  id: string;
  name: string;
}

const fruits: Fruit[] = [
  { id: 'a', name: 'Apple' },
  { id: 'b', name: 'Banana' },
];
const loaded: ListQueryResult<Fruit> = {
  data: { items: fruits, total: 2 },
  isPending: false,
  isError: false,
};

function FruitsPage({ query = loaded }: { query?: ListQueryResult<Fruit> }) {
  const list = useListState('fruits', { defaultFilters: { name: '' } });
  const create = useUrlDialog('new', []);
  const edit = useRowDialog('edit', query.data?.items, (fruit: Fruit) => fruit.id);
  const location = useLocation();
  return (
    <>
      <output aria-label="url">{location.search}</output>
      <ResourceListPage
        title="Fruits"
        subtitle="What grows"
        list={list}
        filters={[{ kind: 'text', name: 'name', label: 'Name' }]}
        query={query}
        columns={[{ id: 'name', label: 'Name', render: (fruit) => fruit.name }]}
        getRowId={(fruit) => fruit.id}
        toolbar={<Button onClick={() => create.open({})}>New fruit</Button>}
        rowActions={(fruit) => [
          { id: 'edit', label: 'Edit', icon: EditIcon, onClick: () => edit.open(fruit) },
        ]}
      >
        {create.isOpen && (
          <div role="dialog" aria-label="New fruit form">
            <button type="button" onClick={create.close}>
              Cancel
            </button>
          </div>
        )}
        {edit.row && <div role="dialog" aria-label={`Edit ${edit.row.name}`} />}
      </ResourceListPage>
    </>
  );
}

function renderPage(route = '/fruits', query?: ListQueryResult<Fruit>) {
  return renderWithProviders(<FruitsPage query={query} />, { route, namespaces: ['listKit'] });
}

const url = () => screen.getByRole('status', { name: 'url', hidden: true }).textContent ?? '';

beforeEach(() => window.localStorage.clear());
afterEach(() => cleanup());

describe('ResourceListPage', () => {
  it('shows the title, the explanation, the filters and the rows with their actions', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Fruits', level: 1 })).toBeVisible();
    expect(screen.getByText('What grows')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Fruits' });
    const banana = within(table).getByRole('row', { name: /Banana/ });
    expect(within(banana).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'New fruit' })).toBeVisible();
  });

  it('shows the empty and the error states', async () => {
    await renderPage('/fruits', {
      data: { items: [], total: 0 },
      isPending: false,
      isError: false,
    });
    expect(screen.getByText('No records found')).toBeVisible();
    cleanup();
    await renderPage('/fruits', { isPending: false, isError: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens a row form through the URL, and from a link', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      within(screen.getByRole('row', { name: /Banana/ })).getByRole('button', { name: 'Edit' }),
    );
    expect(screen.getByRole('dialog', { name: 'Edit Banana' })).toBeInTheDocument();
    expect(url()).toBe('?dialogId=edit&dialog_uuid=b');
    cleanup();
    await renderPage('/fruits?dialogId=edit&dialog_uuid=a');
    expect(screen.getByRole('dialog', { name: 'Edit Apple' })).toBeInTheDocument();
  });

  it('opens a form without data through the URL and closes it again', async () => {
    const user = userEvent.setup();
    await renderPage('/fruits?name=ap');
    await user.click(screen.getByRole('button', { name: 'New fruit' }));
    expect(url()).toBe('?name=ap&dialogId=new');
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(url()).toBe('?name=ap');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the server again from the refresh button and from Search with unchanged filters', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    await renderPage('/fruits?name=ap', { ...loaded, refetch, isFetching: false });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    // The filters open (one is applied): Search without a change still fetches.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(url()).toBe('?name=ap');
    // A changed filter moves the address instead (its own query key fetches).
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'p');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(url()).toBe('?name=app');
  });

  it('shows no refresh button for a query that cannot be asked again', async () => {
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });
});
