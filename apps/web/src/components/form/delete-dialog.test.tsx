import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/hydra';
import { renderWithProviders } from '../../test/render-with-providers';
import { DeleteDialog } from './index';

function renderDelete(onDelete: () => Promise<unknown>, onClose = vi.fn()) {
  return renderWithProviders(
    <DeleteDialog
      title="Delete sub-account"
      message="Delete a@b.it?"
      onDelete={onDelete}
      successMessage="Deleted"
      errorMessage="Could not delete"
      onClose={onClose}
    />,
    { namespaces: ['listKit'] },
  );
}

describe('DeleteDialog', () => {
  it('runs the delete, says so and closes', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    await renderDelete(onDelete, onClose);
    const dialog = await screen.findByRole('dialog', { name: 'Delete sub-account' });
    expect(dialog).toHaveAccessibleDescription('Delete a@b.it?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(await screen.findByText('Deleted')).toBeVisible();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows the server's explanation of a refused delete", async () => {
    const user = userEvent.setup();
    const refused = new ApiError(409, {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Still in use.',
    });
    await renderDelete(() => Promise.reject(refused));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sub-account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Still in use.')).toBeVisible();
  });

  it('cancels without deleting', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    await renderDelete(onDelete, onClose);
    const dialog = await screen.findByRole('dialog', { name: 'Delete sub-account' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onDelete).not.toHaveBeenCalled();
  });
});
