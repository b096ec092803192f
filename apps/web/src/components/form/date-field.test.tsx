import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render-with-providers';
import { DateField, FormDialog } from './index';

function renderDateDialog(language: 'en' | 'it') {
  return renderWithProviders(
    <FormDialog
      title="Schedule"
      ns="common"
      schema={z.object({ day: z.string() })}
      defaultValues={{ day: '2026-03-01' }}
      onSubmit={() => Promise.resolve()}
      submitLabel="Save"
      cancelLabel="Cancel"
      onClose={vi.fn()}
    >
      <DateField name="day" label="Day" />
    </FormDialog>,
    { language, namespaces: ['listKit'] },
  );
}

describe('DateField', () => {
  it("writes the form's ISO date in the user's language", async () => {
    await renderDateDialog('it');
    await screen.findByRole('dialog', { name: 'Schedule' });
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('input[name="day"]')?.value).toBe(
        '01/03/2026',
      ),
    );
  });
});
