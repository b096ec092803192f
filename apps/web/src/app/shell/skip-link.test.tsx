import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { mainContentId, SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('is the first Tab stop and moves the focus to the main region', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <>
        <SkipLink />
        <button type="button">Open navigation</button>
        <main id={mainContentId} tabIndex={-1}>
          <h1>Dashboard</h1>
        </main>
      </>,
      { namespaces: ['shell'] },
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
