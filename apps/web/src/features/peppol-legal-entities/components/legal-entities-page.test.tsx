import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BIS_BILLING_CREDIT_NOTE,
  BIS_BILLING_INVOICE,
  BIS_BILLING_PROCESS,
  sampleBelgianEntity,
  sampleItalianEntity,
} from '../../../test/handlers/peppol-legal-entities';
import { renderWithProviders } from '../../../test/render-with-providers';
import { apiUrl } from '../../../test/handlers/http';
import { sentRequests, server } from '../../../test/server';
import LegalEntitiesPage from './legal-entities-page';

function renderPage(route = '/peppol/legal-entities', language?: 'it' | 'pl') {
  return renderWithProviders(<LegalEntitiesPage />, {
    route,
    namespaces: ['peppolLegalEntities', 'listKit'],
    language,
  });
}

const editRoute = (prefix: string, uuid: string) =>
  `${prefix}/legal-entities?dialogId=edit&dialog_uuid=${uuid}`;

describe('LegalEntitiesPage', () => {
  it('lists the Italian legal entities, the identifier linking to the Peppol Directory', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Legal entities' });
    const row = (await within(table).findByText('GAMMA PEPPOL SRL')).closest('tr');
    expect(row).not.toBeNull();
    const link = within(row!).getByRole('link', {
      name: 'Search 0211:IT09753108647 in the Peppol Directory',
    });
    expect(link).toHaveAttribute(
      'href',
      'https://directory.peppol.eu/public/locale-en_US/menuitem-search?q=0211%3AIT09753108647',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(row).toHaveTextContent('Registered1 document type');
    expect(within(row!).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(row!).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(sentRequests({ path: '/api/peppol/it/legal-entities' })).toHaveLength(1);
  });

  it('sorts by the chosen field, the sort type waiting for a field', async () => {
    const user = userEvent.setup();
    await renderPage('/peppol/legal-entities?registeredName=gamma');
    await screen.findByText('GAMMA PEPPOL SRL');
    const sortType = screen.getByRole('combobox', { name: 'Sort order' });
    expect(sortType).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Registered name' }));
    expect(screen.getByRole('combobox', { name: 'Sort order' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.click(screen.getByRole('combobox', { name: 'Sort order' }));
    await user.click(await screen.findByRole('option', { name: 'Descending' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(sentRequests({ path: '/api/peppol/it/legal-entities' })).toHaveLength(2),
    );
    const last = sentRequests({ path: '/api/peppol/it/legal-entities' }).at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      page: '1',
      itemsPerPage: '30',
      registeredName: 'gamma',
      'sortBy[registeredName]': 'desc',
    });
  });

  it('checks a new legal entity, then shows the 422 on the identifier, then creates it', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New legal entity' }));
    const dialog = await screen.findByRole('dialog', { name: 'New legal entity' });
    // The SMP registration is for an edit only.
    expect(within(dialog).queryByRole('checkbox', { name: 'SMP registration' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(3);
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Registered name' }), 'NORD SRL');
    await user.click(within(dialog).getByRole('combobox', { name: 'Identifier scheme' }));
    await user.click(await screen.findByRole('option', { name: '0211 · IT:IVA' }));
    const identifier = within(dialog).getByRole('textbox', { name: 'Participant identifier' });
    await user.type(identifier, 'IT09753108647');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Notification e-mails' }),
      'a@nord.example, b@nord.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Participant identifier: This participant identifier is already registered on Peppol.',
    );
    expect(identifier).toHaveAccessibleDescription(
      'This participant identifier is already registered on Peppol.',
    );
    expect(sentRequests({ method: 'POST' })[0]?.body).toEqual({
      registeredName: 'NORD SRL',
      identifierScheme: '0211',
      identifierValue: 'IT09753108647',
      address: null,
      zipCode: null,
      city: null,
      stateOrProvince: null,
      country: null,
      receivedDocumentNotificationEmails: ['a@nord.example', 'b@nord.example'],
    });

    await user.clear(identifier);
    await user.type(identifier, 'IT01234567897');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legal entity NORD SRL created')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('NORD SRL')).toBeVisible();
  });

  it('shows the server violation in Italian, worded by its code', async () => {
    const user = userEvent.setup();
    await renderPage('/peppol/legal-entities?dialogId=new', 'it');
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo soggetto giuridico' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Ragione sociale' }), 'NORD SRL');
    await user.click(within(dialog).getByRole('combobox', { name: 'Schema identificativo' }));
    await user.click(await screen.findByRole('option', { name: '0211 · IT:IVA' }));
    const identifier = within(dialog).getByRole('textbox', { name: 'Identificativo partecipante' });
    await user.type(identifier, 'IT09753108647');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(identifier).toHaveAccessibleDescription(
        'Questo identificativo di partecipante è già registrato su Peppol.',
      ),
    );
  });

  it('edits an Italian legal entity through the URL: its capabilities by row, then both saves', async () => {
    const user = userEvent.setup();
    await renderPage(editRoute('/peppol', sampleItalianEntity.uuid));
    const dialog = await screen.findByRole('dialog', { name: 'Edit legal entity' });
    expect(await within(dialog).findByRole('textbox', { name: 'Registered name' })).toHaveValue(
      'GAMMA PEPPOL SRL',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'SMP registration' })).toBeChecked();
    // The long name shows; the identifier is the value kept.
    expect(within(dialog).getByRole('combobox', { name: 'Document type' })).toHaveValue(
      'Peppol BIS Billing UBL Invoice V3',
    );

    // A row without its document type is refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add capability' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })).toEqual([]);

    const [, second] = within(dialog).getAllByRole('combobox', { name: 'Document type' });
    await user.click(second!);
    await user.click(
      await screen.findByRole('option', { name: /Peppol BIS Billing UBL Credit Note V3/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legal entity GAMMA PEPPOL SRL saved')).toBeVisible();
    const puts = sentRequests({ method: 'PUT' });
    expect(puts.map((put) => put.path)).toEqual([
      `/api/peppol/it/legal-entities/${sampleItalianEntity.uuid}`,
      `/api/peppol/it/legal-entities/${sampleItalianEntity.uuid}/smp`,
    ]);
    expect(puts[1]?.body).toEqual({
      enabled: true,
      capabilities: [
        {
          documentType: BIS_BILLING_INVOICE,
          documentTypeScheme: 'busdox-docid-qns',
          process: BIS_BILLING_PROCESS,
          processScheme: 'cenbii-procid-ubl',
        },
        { documentType: BIS_BILLING_CREDIT_NOTE, documentTypeScheme: 'busdox-docid-qns' },
      ],
    });
  });

  it('says an SMP registration needs a capability, and keeps them read-only while it is off', async () => {
    const user = userEvent.setup();
    await renderPage(editRoute('/peppol', sampleItalianEntity.uuid));
    const dialog = await screen.findByRole('dialog', { name: 'Edit legal entity' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove capability 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('An SMP registration names at least one document type.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMP registration' }));
    expect(within(dialog).getByRole('button', { name: 'Add capability' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legal entity GAMMA PEPPOL SRL saved')).toBeVisible();
    // Turning the registration off goes first, so the identifier could change in the same save.
    expect(sentRequests({ method: 'PUT' }).map((put) => put.path)).toEqual([
      `/api/peppol/it/legal-entities/${sampleItalianEntity.uuid}/smp`,
      `/api/peppol/it/legal-entities/${sampleItalianEntity.uuid}`,
    ]);
    expect(sentRequests({ method: 'PUT' })[0]?.body).toEqual({ enabled: false, capabilities: [] });
  });

  it('edits a Belgian legal entity with two checkboxes, on the Belgian API', async () => {
    const user = userEvent.setup();
    await renderPage(editRoute('/peppol-be', sampleBelgianEntity.uuid));
    const dialog = await screen.findByRole('dialog', { name: 'Edit legal entity' });
    expect(await within(dialog).findByRole('textbox', { name: 'Identifier scheme' })).toHaveValue(
      '0208',
    );
    const invoice = within(dialog).getByRole('checkbox', {
      name: 'Invoice (Peppol BIS Billing 3.0)',
    });
    const creditNote = within(dialog).getByRole('checkbox', {
      name: 'Credit note (Peppol BIS Billing 3.0)',
    });
    expect(invoice).toBeChecked();
    expect(creditNote).not.toBeChecked();
    expect(within(dialog).queryByRole('combobox', { name: 'Document type' })).toBeNull();
    await user.click(creditNote);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legal entity Delta Peppol BV saved')).toBeVisible();
    expect(sentRequests({ method: 'PUT' }).map((put) => put.path)).toEqual([
      `/api/peppol/be/legal-entities/${sampleBelgianEntity.uuid}`,
      `/api/peppol/be/legal-entities/${sampleBelgianEntity.uuid}/smp`,
    ]);
    expect(sentRequests({ method: 'PUT' })[1]?.body).toEqual({
      enabled: true,
      capabilities: [
        { documentType: BIS_BILLING_INVOICE },
        { documentType: BIS_BILLING_CREDIT_NOTE },
      ],
    });
    expect(sentRequests({ path: '/api/peppol/it/legal-entities' })).toEqual([]);
  });

  it('deletes a legal entity after asking', async () => {
    const user = userEvent.setup();
    await renderPage('/peppol-be/legal-entities');
    const table = await screen.findByRole('table', { name: 'Legal entities' });
    await within(table).findByText('Delta Peppol BV');
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete legal entity' });
    expect(dialog).toHaveTextContent('Delta Peppol BV (0208:0123456749)');
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Legal entity Delta Peppol BV deleted')).toBeVisible();
    expect(await within(table).findByText('No records found')).toBeVisible();
  });

  it('runs the receiving check and shows the step that stops partners, with its evidence', async () => {
    server.use(
      http.post(
        apiUrl('peppol', `/it/legal-entities/${sampleItalianEntity.uuid}/receiving-check`),
        () =>
          HttpResponse.json({
            participant: '0211:IT09753108647',
            checkedAt: '2026-12-07T10:00:00+00:00',
            ok: false,
            steps: [
              {
                step: 'identifier',
                ok: true,
                problem: null,
                evidence: [
                  { label: 'participant', value: 'iso6523-actorid-upis::0211:IT09753108647' },
                ],
              },
              {
                step: 'sml',
                ok: false,
                problem: 'not_registered',
                evidence: [
                  { label: 'smlHost', value: 'abc.iso6523-actorid-upis.sml.sandbox.fiscus.test' },
                ],
              },
            ],
          }),
      ),
    );
    await renderPage(
      `/peppol/legal-entities?dialogId=receiving&dialog_uuid=${sampleItalianEntity.uuid}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receiving check' });
    expect(
      await within(dialog).findByText(
        'The SML has no record: turn the SMP registration on (edit the legal entity).',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('abc.iso6523-actorid-upis.sml.sandbox.fiscus.test'),
    ).toBeInTheDocument();
    // The steps after the failed one did not run.
    expect(within(dialog).getAllByText('Not run: an earlier step failed.')).toHaveLength(3);
  });
});
