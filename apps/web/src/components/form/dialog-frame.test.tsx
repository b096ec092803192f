import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { DialogFrame } from './dialog-frame';

/** jsdom has no media queries: this one answers as a phone (every max-width query matches). */
function pretendPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function WideDialog({ maxWidth }: { maxWidth: 'lg' | 'xs' }) {
  return (
    <DialogFrame
      onClose={() => undefined}
      title="New invoice"
      maxWidth={maxWidth}
      header={
        <Tabs value="guided">
          <Tab value="guided" label="Create invoice" />
          <Tab value="source" label="Create invoice from source" />
        </Tabs>
      }
    >
      <p>form here</p>
    </DialogFrame>
  );
}

describe('DialogFrame on a phone', () => {
  it('fills the screen with a wide dialog', async () => {
    pretendPhone();
    await renderWithProviders(<WideDialog maxWidth="lg" />);
    const paper = screen.getByRole('dialog');
    expect(paper).toHaveClass('MuiDialog-paperFullScreen');
    expect(screen.getByRole('tab', { name: 'Create invoice' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Create invoice from source' })).toBeVisible();
  });

  it('keeps a narrow dialog a dialog', async () => {
    pretendPhone();
    await renderWithProviders(<WideDialog maxWidth="xs" />);
    expect(screen.getByRole('dialog')).not.toHaveClass('MuiDialog-paperFullScreen');
  });

  it('keeps a wide dialog a dialog on a desktop', async () => {
    await renderWithProviders(<WideDialog maxWidth="lg" />);
    expect(screen.getByRole('dialog')).not.toHaveClass('MuiDialog-paperFullScreen');
  });
});
