import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FatturaElettronica } from '@fiscus/fatturapa';
import { completeDraft } from '../../../test/handlers/drafts';
import { apiUrl } from '../../../test/handlers/http';
import { renderWithProviders } from '../../../test/render-with-providers';
import { server } from '../../../test/server';
import { NewInvoiceDialog } from './new-invoice-dialog';

// jsdom has no layout: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

async function renderDialog() {
  server.use(
    http.get(apiUrl('common', '/users/me/profile'), () =>
      HttpResponse.json({ invoicing_name: 'Acme Srl', invoicing_country: 'IT' }),
    ),
  );
  const onClose = vi.fn();
  await renderWithProviders(<NewInvoiceDialog open onClose={onClose} />, {
    namespaces: ['invoiceCreate', 'invoiceForm', 'codeLists', 'listKit'],
  });
  return { onClose, user: userEvent.setup({ applyAccept: false }) };
}

const number = () => screen.getByRole('textbox', { name: 'Number' });
const editorText = () => document.querySelector('.cm-content')?.textContent ?? '';

describe('NewInvoiceDialog', () => {
  it('keeps what was typed across the tabs and asks before discarding it', async () => {
    const { user, onClose } = await renderDialog();
    await screen.findByRole('textbox', { name: 'Number' });
    await user.type(number(), 'KEEP-7');

    // The source tab shows the form's invoice as JSON.
    await user.click(screen.getByRole('tab', { name: 'Create invoice from source' }));
    await waitFor(() => expect(editorText()).toContain('"numero": "KEEP-7"'));
    expect(editorText()).toContain('Acme Srl');

    // The form reads back what the source holds.
    const source = JSON.parse(completeDraft.payload) as FatturaElettronica;
    source.fattura_elettronica_body[0]!.dati_generali.dati_generali_documento.numero = 'SRC-9';
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input,
      new File([JSON.stringify(source)], 'invoice.json', { type: 'application/json' }),
    );
    await screen.findByText('Loaded from invoice.json');
    await user.click(screen.getByRole('tab', { name: 'Create invoice' }));
    await waitFor(() => expect(number()).toHaveValue('SRC-9'));

    // Escape on a changed form asks; Cancel keeps it, Discard closes.
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(confirm).toBeInTheDocument();
  }, 60_000);

  it('closes an untouched form at once', async () => {
    const { user, onClose } = await renderDialog();
    await screen.findByRole('textbox', { name: 'Number' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard the changes?' })).not.toBeInTheDocument();
  });
});
