// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { DetailsDialog } from './details-dialog';
import { useDetailsDialog } from './use-details-dialog';
import { useListState } from './use-list-state';

function Screen({ loading = false, failing = false }: { loading?: boolean; failing?: boolean }) {
  const list = useListState('accounts', { defaultFilters: { email: '' } });
  const details = useDetailsDialog('account', ['email']);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="url">{location.search}</output>
      <output aria-label="email filter">{list.filters.email}</output>
      <button type="button" onClick={() => details.open({ email: 'ann@example.test' })}>
        Open Ann
      </button>
      <Link to={details.href({ email: 'bob@example.test' })}>Bob link</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      {details.data && (
        <DetailsDialog
          open
          onClose={details.close}
          title={`Account ${details.data.email}`}
          isLoading={loading}
          isError={failing}
        >
          <p>Details of {details.data.email}</p>
        </DetailsDialog>
      )}
    </>
  );
}

function renderScreen(route: string, props: { loading?: boolean; failing?: boolean } = {}) {
  return renderWithProviders(<Screen {...props} />, { route, namespaces: ['listKit'] });
}

// An open modal hides the rest of the page from the accessibility tree; the probes stay readable.
const url = () => screen.getByRole('status', { name: 'url', hidden: true }).textContent ?? '';

afterEach(() => cleanup());

describe('useDetailsDialog', () => {
  it('opens from the URL and keeps the list filters apart from its data', async () => {
    await renderScreen('/list?email=filter&dialogId=account&dialog_email=ann%40example.test');
    expect(screen.getByRole('dialog', { name: 'Account ann@example.test' })).toBeInTheDocument();
    expect(screen.getByText('Details of ann@example.test')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'email filter', hidden: true })).toHaveTextContent(
      'filter',
    );
  });

  it('ignores another dialog id or missing data keys', async () => {
    await renderScreen('/list?dialogId=other&dialog_email=ann%40example.test');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('mirrors opening into the URL, and Back closes it', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?email=x');
    await user.click(screen.getByRole('button', { name: 'Open Ann' }));
    expect(url()).toBe('?email=x&dialogId=account&dialog_email=ann%40example.test');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    expect(url()).toBe('?email=x');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing after opening goes back, so Forward does not stack dialogs', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?email=x');
    await user.click(screen.getByRole('button', { name: 'Open Ann' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(url()).toBe('?email=x');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing removes only its keys, also when opened from a link', async () => {
    const user = userEvent.setup();
    await renderScreen('/list?email=x&dialogId=account&dialog_email=ann%40example.test');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(url()).toBe('?email=x');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a link reopens it', async () => {
    const user = userEvent.setup();
    await renderScreen('/list');
    await user.click(screen.getByRole('link', { name: 'Bob link' }));
    expect(screen.getByRole('dialog', { name: 'Account bob@example.test' })).toBeInTheDocument();
  });

  it('shows a loader while loading and nothing on error', async () => {
    const loading = await renderScreen('/list?dialogId=account&dialog_email=a%40b.c', {
      loading: true,
    });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText(/Details of/)).not.toBeInTheDocument();
    loading.unmount();
    await renderScreen('/list?dialogId=account&dialog_email=a%40b.c', { failing: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
