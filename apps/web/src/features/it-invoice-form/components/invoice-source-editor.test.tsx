import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { InvoiceSource } from '../model/invoice-source';
import { renderWithProviders } from '../../../test/render-with-providers';
import { InvoiceSourceEditor } from './invoice-source-editor';

// jsdom has no layout: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

async function renderEditor() {
  const onValidate = vi.fn((_source: InvoiceSource) => Promise.resolve({ valid: true }));
  const onSubmit = vi.fn((_source: InvoiceSource) => Promise.resolve({}));
  await renderWithProviders(
    <InvoiceSourceEditor onValidate={onValidate} onSubmit={onSubmit} onCancel={vi.fn()} />,
    { namespaces: ['invoiceForm', 'codeLists'] },
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { onValidate, onSubmit, input, user: userEvent.setup({ applyAccept: false }) };
}

describe('InvoiceSourceEditor', () => {
  it('picks the format from the uploaded file extension and sends its content', async () => {
    const { user, input, onValidate } = await renderEditor();
    expect(screen.getByRole('radio', { name: 'JSON' })).toBeChecked();

    const xml = '<p:FatturaElettronicaSemplificata versione="FSM10"/>';
    await user.upload(input, new File([xml], 'invoice.XML', { type: 'text/xml' }));
    expect(await screen.findByText('Loaded from invoice.XML')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'XML' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Simplified invoice' }));
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await waitFor(() =>
      expect(onValidate).toHaveBeenCalledWith({ type: 'simplified', format: 'xml', content: xml }),
    );

    await user.upload(input, new File(['{}'], 'draft.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'JSON' })).toBeChecked());
  });

  it('switches the type to simplified for an uploaded FSM10 file, and back for FPR12', async () => {
    const { user, input, onValidate } = await renderEditor();
    expect(screen.getByRole('radio', { name: 'Standard invoice' })).toBeChecked();
    const fsm = '<p:FatturaElettronicaSemplificata versione="FSM10"/>';
    await user.upload(input, new File([fsm], 'simple.xml', { type: 'text/xml' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Simplified invoice' })).toBeChecked(),
    );
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await waitFor(() =>
      expect(onValidate).toHaveBeenCalledWith({ type: 'simplified', format: 'xml', content: fsm }),
    );
    const fpr = '<p:FatturaElettronica versione="FPR12"/>';
    await user.upload(input, new File([fpr], 'standard.xml', { type: 'text/xml' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Standard invoice' })).toBeChecked(),
    );
  });

  it('refuses a file that is neither JSON nor XML', async () => {
    const { user, input } = await renderEditor();
    await user.upload(input, new File(['x'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('invoice.pdf is neither a .json nor an .xml file'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'JSON' })).toBeChecked();
  });

  it('offers submit only after a successful validation, and validate again after a change', async () => {
    const { user, input, onValidate, onSubmit } = await renderEditor();
    await user.upload(input, new File(['{"a":1}'], 'a.json', { type: 'application/json' }));
    await screen.findByText('Loaded from a.json');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    onValidate.mockRejectedValueOnce(
      new ApiError(422, { type: 'about:blank', title: 'Invalid', status: 422, detail: '' }, [
        { propertyPath: 'fattura_elettronica_header', message: 'This value should not be blank.' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    expect(
      await screen.findByText('Fattura elettronica header: This value should not be blank.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await screen.findByRole('button', { name: 'Submit' });
    // Switching the format changes what would be sent: the server must see it again.
    await user.click(screen.getByRole('radio', { name: 'XML' }));
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    // A field FatturaPA XML has no place for: the JSON stays as typed, and the tab says why.
    expect(
      await screen.findByText(/^The JSON was not converted to XML: XML has no place for a\./),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ type: 'simple', format: 'xml', content: '{"a":1}' }),
    );
    expect(onValidate).toHaveBeenCalledTimes(3);
  });
});
