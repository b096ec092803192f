// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActions } from './row-actions';

afterEach(() => cleanup());

describe('RowActions', () => {
  it('shows one named button per visible action, with its tooltip, and runs it on click', async () => {
    const user = userEvent.setup();
    const edit = vi.fn();
    const remove = vi.fn();
    render(
      <RowActions
        actions={[
          { id: 'edit', label: 'Edit', icon: EditIcon, onClick: edit },
          { id: 'secret', label: 'Secret', icon: EditIcon, onClick: vi.fn(), hidden: true },
          { id: 'delete', label: 'Delete', icon: DeleteIcon, color: 'error', onClick: remove },
        ]}
      />,
    );
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit', 'Delete']);
    await user.hover(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledOnce();
    expect(edit).not.toHaveBeenCalled();
  });
});
