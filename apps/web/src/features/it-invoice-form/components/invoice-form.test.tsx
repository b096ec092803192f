import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { InvoicePayload, SubmitResult, ValidationResult } from '../model/invoice-form-types';
import { completeStandardInvoice } from '../test/complete-invoice';
import { renderWithProviders } from '../../../test/render-with-providers';
import { InvoiceForm, type InvoiceFormProps } from './invoice-form';

const profile = {
  invoicing_country: 'IT',
  invoicing_vat_number: 'IT01234567897',
  invoicing_fiscal_id: '01234567897',
  invoicing_name: 'Acme Srl',
  invoicing_address: 'via Roma 1',
  invoicing_city: 'Roma',
  invoicing_province: 'rm',
  invoicing_cap: '00100',
};

async function renderForm(
  props: Partial<InvoiceFormProps> = {},
  language: 'en' | 'it' | 'pl' = 'en',
) {
  const onValidate = vi.fn<(payload: InvoicePayload) => Promise<ValidationResult>>(() =>
    Promise.resolve({ valid: true }),
  );
  const onSubmit = vi.fn<(payload: InvoicePayload) => Promise<SubmitResult>>(() =>
    Promise.resolve({ uuid: '3f0b8a2e-0000-4000-8000-000000000001' }),
  );
  const onCancel = vi.fn();
  await renderWithProviders(
    <InvoiceForm
      variant="standard"
      mode="new"
      supplierProfile={profile}
      onValidate={onValidate}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...props}
    />,
    { namespaces: ['invoiceForm', 'codeLists', 'listKit'], language },
  );
  return { onValidate, onSubmit, onCancel, user: userEvent.setup() };
}

const line = (number: number) => screen.getByRole('group', { name: `Line ${number}` });
const box = (container: HTMLElement, label: RegExp) =>
  within(container).getByRole('textbox', { name: label });
const section = (name: string) => screen.getByRole('region', { name });

// Typing into the full standard form under jsdom takes seconds on the shared 2 cores; the
// default 20 s leaves no margin when the team's tests run at the same time.
describe('InvoiceForm (standard)', { timeout: 60_000 }, () => {
  it('prefills the supplier from the profile, upper-casing the address', async () => {
    await renderForm();
    const supplier = section('Supplier');
    expect(box(supplier, /^VAT number/)).toHaveValue('01234567897');
    expect(box(supplier, /^Address/)).toHaveValue('VIA ROMA 1');
    expect(box(supplier, /^Province/)).toHaveValue('RM');
    expect(box(supplier, /^Company name/)).toHaveValue('Acme Srl');
    expect(screen.getByRole('combobox', { name: /^Document type/ })).toHaveTextContent('TD01');
  });

  it("writes the document date in the user's language with the console's date picker", async () => {
    await renderForm({}, 'it');
    const documentDate = within(section('Dati generali documento')).getByRole('group', {
      name: /^Data/,
    });
    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' })
      .format(new Date())
      .split('-');
    expect(documentDate).toHaveTextContent(`${day}/${month}/${year}`);
  });

  it('shows line totals, the VAT summary and the document total while typing two lines', async () => {
    const { user } = await renderForm();
    await user.type(box(line(1), /^Unit price/), '100');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    const second = line(2);
    await user.clear(box(second, /^Quantity/));
    await user.type(box(second, /^Quantity/), '2');
    await user.type(box(second, /^Unit price/), '25,5');
    await user.clear(box(second, /^VAT rate/));
    await user.type(box(second, /^VAT rate/), '10');
    await user.tab();

    expect(box(line(1), /^Total price/)).toHaveValue('100.00');
    expect(box(line(2), /^Total price/)).toHaveValue('51.00');
    const firstRow = screen.getByRole('group', { name: 'VAT summary 1' });
    expect(box(firstRow, /^Taxable amount/)).toHaveValue('100.00');
    expect(box(firstRow, /^Tax( \*)?$/)).toHaveValue('22.00');
    const secondRow = screen.getByRole('group', { name: 'VAT summary 2' });
    expect(box(secondRow, /^Taxable amount/)).toHaveValue('51.00');
    expect(box(secondRow, /^Tax( \*)?$/)).toHaveValue('5.10');
    expect(screen.getByText('Document total: €178.10')).toBeInTheDocument();
  });

  it('formats numbers on blur: comma to dot, 2 decimals, prices keep their precision', async () => {
    const { user } = await renderForm();
    const first = line(1);
    await user.clear(box(first, /^Quantity/));
    await user.type(box(first, /^Quantity/), '1,5');
    await user.type(box(first, /^Unit price/), '1,123456');
    await user.tab();
    expect(box(first, /^Quantity/)).toHaveValue('1.50');
    expect(box(first, /^Unit price/)).toHaveValue('1.123456');
    // 1.50 × 1.123456 = 1.685184, rounded half-up to the cent.
    expect(box(first, /^Total price/)).toHaveValue('1.69');
  });

  it('shows the check-digit helper text of a wrong Partita IVA and IBAN', async () => {
    const { user } = await renderForm();
    const vat = box(section('Customer'), /^VAT number/);
    await user.type(vat, '12345678901');
    expect(
      screen.getByText('Not a valid Italian VAT number: 11 digits with a correct check digit'),
    ).toBeInTheDocument();
    // Advice, not an error: SDI decides on its registries, so the field is not marked invalid.
    expect(vat).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(vat);
    await user.type(vat, '12345678903');
    expect(
      screen.queryByText('Not a valid Italian VAT number: 11 digits with a correct check digit'),
    ).not.toBeInTheDocument();

    const payment = screen.getByRole('group', { name: 'Payment detail 1' });
    await user.type(box(payment, /^IBAN/), 'it00x0542811101000000123456');
    expect(box(payment, /^IBAN/)).toHaveValue('IT00X0542811101000000123456');
    expect(
      screen.getByText('Not a valid IBAN: wrong length for the country or wrong check digits'),
    ).toBeInTheDocument();
  });

  it('renumbers the lines below a removed one and offers remove only with more than one', async () => {
    const { user } = await renderForm();
    expect(within(line(1)).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.type(box(line(1), /^Description/), 'First');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await user.type(box(line(2), /^Description/), 'Second');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await user.type(box(line(3), /^Description/), 'Third');

    await user.click(within(line(1)).getByRole('button', { name: 'Remove Line 1' }));

    expect(screen.queryByRole('group', { name: 'Line 3' })).not.toBeInTheDocument();
    expect(box(line(1), /^Description/)).toHaveValue('Second');
    expect(box(line(1), /^Line/)).toHaveValue('1');
    expect(box(line(2), /^Description/)).toHaveValue('Third');
    expect(box(line(2), /^Line/)).toHaveValue('2');
  });

  it('turns its one button from validate into submit, and back on any change', async () => {
    const { user, onValidate, onSubmit } = await renderForm({
      mode: 'edit',
      initialValue: completeStandardInvoice(),
    });
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    const submit = await screen.findByRole('button', { name: 'Submit' });
    // The focus moves on to the enabled Submit: Enter or Space sends next.
    await waitFor(() => expect(submit).toHaveFocus());
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Validate schema' })).not.toBeInTheDocument();
    expect(onValidate).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Invoice valid')).toBeInTheDocument();

    await user.type(box(line(1), /^Description/), ' and support');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onValidate).toHaveBeenCalledTimes(2);
    const payload = onSubmit.mock.calls[0]![0] as ReturnType<typeof completeStandardInvoice>;
    expect(
      payload.fattura_elettronica_body[0]!.dati_beni_servizi.dettaglio_linee[0]!.descrizione,
    ).toBe('Consulting and support');
  });

  it('stays on validate when the server refuses the validation', async () => {
    const { user, onValidate, onSubmit } = await renderForm({
      mode: 'edit',
      initialValue: completeStandardInvoice(),
    });
    onValidate.mockResolvedValueOnce({
      valid: false,
      violations: [
        {
          propertyPath: 'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero',
          message: 'Number already used',
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    expect(await screen.findByText('Number already used')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    // Clicking again validates again: nothing is submitted until the server agrees.
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts server violations on their fields and lists them in the alert', async () => {
    const { user, onValidate } = await renderForm({
      mode: 'edit',
      initialValue: completeStandardInvoice(),
    });
    onValidate.mockRejectedValueOnce(
      new ApiError(422, { type: 'about:blank', title: 'Unprocessable', status: 422, detail: '' }, [
        {
          propertyPath:
            'fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[0].prezzo_unitario',
          message: 'Unit price does not match',
        },
        {
          propertyPath:
            'fatturaElettronicaHeader.cessionarioCommittente.datiAnagrafici.codiceFiscale',
          message: 'Fiscal code unknown to the registry',
        },
        {
          propertyPath: 'fattura_elettronica_header.soggetto_emittente',
          message: 'Not allowed here',
        },
        {
          propertyPath:
            'fatturaElettronicaBody[0].datiPagamento[0].dettaglioPagamento[0].beneficiario',
          message: 'Beneficiary too long for the bank',
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Validation Error')).toBeInTheDocument();
    // Where each is in the form's labels, as a transfer's violations read; never the JSON path.
    expect(
      within(alert).getByText(
        'Goods and services › Line 1 › Unit price: Unit price does not match',
      ),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText('Customer › Fiscal code: Fiscal code unknown to the registry'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('Soggetto emittente: Not allowed here')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/fattura_elettronica|fatturaElettronica/);
    expect(box(line(1), /^Unit price/)).toHaveAccessibleDescription('Unit price does not match');
    expect(box(section('Customer'), /^Fiscal code/)).toHaveAccessibleDescription(
      'Fiscal code unknown to the registry',
    );
    // A field folded among the optional ones unfolds to show its violation.
    const payment = screen.getByRole('group', { name: 'Payment detail 1' });
    expect(box(payment, /^Beneficiary/)).toHaveAccessibleDescription(
      'Beneficiary too long for the bank',
    );
    expect(await screen.findByText('Invoice not valid')).toBeInTheDocument();
  });

  it("lists the engine's violations in Polish where they are in the form, not in English by path", async () => {
    const { user, onValidate } = await renderForm(
      { mode: 'edit', initialValue: completeStandardInvoice() },
      'pl',
    );
    onValidate.mockResolvedValueOnce({
      valid: false,
      violations: [
        {
          propertyPath: 'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero',
          message: '2.1.1.4 Numero contains no digit',
          code: '00425',
          messages: {
            it: '2.1.1.4 <Numero> non contenente caratteri numerici',
            en: '2.1.1.4 Numero contains no digit',
            pl: '2.1.1.4 Numero nie zawiera żadnej cyfry',
          },
        },
        { propertyPath: '', message: 'File empty or corrupt', code: '00106' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Sprawdź schemat' }));
    const line = await screen.findByText(
      'Dane dokumentu › Numer: 2.1.1.4 Numero nie zawiera żadnej cyfry',
    );
    const alert = line.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('no alert');
    expect(within(alert).getByText('Plik jest pusty lub uszkodzony.')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/contains no digit|corrupt|fattura_elettronica/);
  });

  it('sends a payload without empty values', async () => {
    const { user, onValidate } = await renderForm({
      mode: 'edit',
      initialValue: completeStandardInvoice(),
    });
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    const payload = onValidate.mock.calls[0]![0] as ReturnType<typeof completeStandardInvoice>;
    const json = JSON.stringify(payload);
    expect(json).not.toContain('""');
    expect(json).not.toContain('[]');
    expect(json).not.toContain('{}');
    expect(payload.fattura_elettronica_header.dati_trasmissione.pec_destinatario).toBeUndefined();
    expect(
      payload.fattura_elettronica_header.cessionario_committente.dati_anagrafici.id_fiscale_iva,
    ).toBeUndefined();
    expect(
      payload.fattura_elettronica_header.cessionario_committente.dati_anagrafici.anagrafica,
    ).toEqual({
      nome: 'MARIO',
      cognome: 'ROSSI',
    });
  });

  it('refuses to send an invoice identical to the original', async () => {
    const { user, onSubmit } = await renderForm({
      mode: 'send',
      initialValue: completeStandardInvoice(),
    });
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(
      await screen.findAllByText(
        'This invoice is identical to the original: change something before sending it',
      ),
    ).not.toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('locks the document type to TD04 in credit-note mode', async () => {
    const { user, onValidate } = await renderForm({
      mode: 'credit-note',
      initialValue: completeStandardInvoice(),
    });
    const type = screen.getByRole('combobox', { name: /^Document type/ });
    expect(type).toHaveTextContent('TD04');
    expect(type).toHaveAttribute('aria-disabled', 'true');
    // The credit note needs its own number: the original's is not copied.
    const number = screen.getByRole('textbox', { name: 'Number' });
    expect(number).toHaveValue('');
    await user.type(number, 'NC-1');
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    const payload = onValidate.mock.calls[0]![0] as ReturnType<typeof completeStandardInvoice>;
    const general = payload.fattura_elettronica_body[0]!.dati_generali;
    expect(general.dati_generali_documento.tipo_documento).toBe('TD04');
    expect(general.dati_generali_documento.numero).toBe('NC-1');
    // It references the invoice it credits (DatiFattureCollegate: its number and date).
    expect(general.dati_fatture_collegate?.[0]).toMatchObject({
      id_documento: 'FT-1',
      data: '2026-11-20',
    });
  });

  it('flags missing required fields without calling the server', async () => {
    const { user, onValidate } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Validate schema' }));
    expect(await screen.findByText('Invoice not valid')).toBeInTheDocument();
    expect(box(section('Transmission data'), /^Recipient code/)).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(onValidate).not.toHaveBeenCalled();
  });
});

describe('InvoiceForm (simplified)', { timeout: 60_000 }, () => {
  it('defaults to FSM10 and TD07 and locks TD08 for a credit note', async () => {
    await renderForm({ variant: 'simplified', mode: 'credit-note' });
    const type = screen.getByRole('combobox', { name: /^Document type/ });
    expect(type).toHaveTextContent('TD08');
    expect(type).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: /^Transmission format/ })).toHaveTextContent(
      'FSM10',
    );
  });

  it('sums the entries as the document total', async () => {
    const { user } = await renderForm({ variant: 'simplified' });
    const entry = screen.getByRole('group', { name: 'Goods or service 1' });
    await user.type(box(entry, /^Amount/), '12,2');
    await user.click(screen.getByRole('button', { name: 'Add Goods or service' }));
    await user.type(
      box(screen.getByRole('group', { name: 'Goods or service 2' }), /^Amount/),
      '7.80',
    );
    await user.tab();
    expect(screen.getByText('Document total: €20.00')).toBeInTheDocument();
  });
});
