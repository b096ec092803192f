import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

// Tests run in apps/web; the shared corpus of official samples sits next to the repository.
const official = resolve(process.cwd(), '../../../shared/spec/fatturapa/samples/official');
const xmlFile = (path: string, name: string, edit: (xml: string) => string = (xml) => xml) =>
  new File([edit(readFileSync(join(official, path), 'utf8'))], name, { type: 'text/xml' });
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

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

  it('reads XML back into the form, simplified for FSM10, and keeps unreadable XML', async () => {
    const { user } = await renderDialog();
    await screen.findByRole('textbox', { name: 'Number' });
    await user.click(screen.getByRole('tab', { name: 'Create invoice from source' }));
    await user.upload(
      fileInput(),
      xmlFile('semplificata/IT01234567890_FSM10.xml', 'fsm.xml', (xml) =>
        xml.replace('<Numero>123</Numero>', '<Numero>XML-5</Numero>'),
      ),
    );
    await screen.findByText('Loaded from fsm.xml');
    await user.click(screen.getByRole('tab', { name: 'Create invoice' }));
    await waitFor(() => expect(number()).toHaveValue('XML-5'));
    expect(screen.getByRole('radio', { name: 'Simplified' })).toBeChecked();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByRole('textbox', { name: 'Company name' })).toHaveValue(
      'BETA GAMMA',
    );

    // Back in the source tab the XML is as it was left (the form did not change since).
    await user.click(screen.getByRole('tab', { name: 'Create invoice from source' }));
    // (CodeMirror draws only the lines in view: the file's start.)
    await waitFor(() => expect(editorText()).toContain('<ns2:FatturaElettronicaSemplificata'));

    // XML that cannot be read keeps the tab open, with the text and a message saying why.
    await user.upload(
      fileInput(),
      xmlFile('v1.2.2/IT01234567890_FPR01.xml', 'broken.xml', (xml) =>
        xml.replace('</Numero>', '</Numer>'),
      ),
    );
    await screen.findByText('Loaded from broken.xml');
    await user.click(screen.getByRole('tab', { name: 'Create invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The XML cannot be read into the form: Malformed XML at line \d+, column \d+/,
    );
    expect(screen.getByRole('tab', { name: 'Create invoice from source' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(editorText()).toContain('<Numero>123</Numer>');

    // Fixed, it comes back as the standard form.
    await user.upload(fileInput(), xmlFile('v1.2.2/IT01234567890_FPR01.xml', 'fpr.xml'));
    await screen.findByText('Loaded from fpr.xml');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Create invoice' }));
    await waitFor(() => expect(number()).toHaveValue('123'));
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
  }, 60_000);

  it('shows the form as FatturaPA XML when XML is picked, and reads the edited XML back', async () => {
    const { user } = await renderDialog();
    await screen.findByRole('textbox', { name: 'Number' });
    await user.type(number(), 'XML-1');
    await user.click(screen.getByRole('tab', { name: 'Create invoice from source' }));
    await waitFor(() => expect(editorText()).toContain('"numero": "XML-1"'));

    // Picking XML converts the form's JSON into FatturaPA XML.
    await user.click(screen.getByRole('radio', { name: 'XML' }));
    await waitFor(() => expect(editorText()).toContain('<p:FatturaElettronica'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(editorText()).toContain('versione="FPR12"');

    // Back to JSON and to XML again: the same invoice each way.
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    await waitFor(() => expect(editorText()).toContain('"numero": "XML-1"'));
    await user.click(screen.getByRole('radio', { name: 'XML' }));
    await waitFor(() => expect(editorText()).toContain('<p:FatturaElettronica'));

    // The form reads the XML back, and after a change the source shows it as XML again.
    await user.click(screen.getByRole('tab', { name: 'Create invoice' }));
    await waitFor(() => expect(number()).toHaveValue('XML-1'));
    await user.type(number(), '-2');
    await user.click(screen.getByRole('tab', { name: 'Create invoice from source' }));
    await waitFor(() => expect(editorText()).toContain('<p:FatturaElettronica'));
    expect(screen.getByRole('radio', { name: 'XML' })).toBeChecked();
  }, 60_000);

  it('keeps JSON that cannot be read when XML is picked, and says why', async () => {
    const { user } = await renderDialog();
    await screen.findByRole('textbox', { name: 'Number' });
    await user.click(screen.getByRole('tab', { name: 'Create invoice from source' }));
    await user.upload(
      fileInput(),
      new File(['{"numero": '], 'half.json', { type: 'application/json' }),
    );
    await screen.findByText('Loaded from half.json');
    await user.click(screen.getByRole('radio', { name: 'XML' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The JSON cannot be read into the form/,
    );
    expect(screen.getByRole('radio', { name: 'XML' })).toBeChecked();
    expect(editorText()).toContain('{"numero": ');
  }, 60_000);
});
