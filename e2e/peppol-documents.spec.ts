/**
 * Peppol documents on the sandbox network (issue 34; account spec 2.13, 4, 5, 8): two legal
 * entities registered on the SMP, an official BIS invoice sent from one to the other through the
 * send dialog and seen outgoing and incoming with a successful message; one that breaks a rule
 * refused with the rule id; one to a participant nobody registered, its message failed; an order
 * and its response linked both ways; a Belgian credit note; a webhook delivered. The demo
 * history's documents show in every list.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  loginAs,
  personaApi,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
  type PersonaApi,
} from './fixtures';
import { baseURL } from './playwright.config';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const PEPPOL = join(dirname(fileURLToPath(import.meta.url)), '../../shared/spec/peppol');
const official = (path: string) => readFileSync(join(PEPPOL, path), 'utf8');

/** This spec's own participants (valid check digits; no other spec registers them). */
const SELLER = { scheme: '0088', value: '7300010000421' };
const BUYER = { scheme: '0192', value: '912345688' };
const ORDER_SELLER = { scheme: '0192', value: '912345696' };

const endpoint = (party: { scheme: string; value: string }) =>
  `<cbc:EndpointID schemeID="${party.scheme}">${party.value}</cbc:EndpointID>`;

/** The official invoice (vat-category-O.xml) between this spec's seller and buyer. */
const INVOICE = official('bis-billing-3/examples/vat-category-O.xml')
  .replace('<cbc:EndpointID schemeID="0088">7300010000001</cbc:EndpointID>', endpoint(SELLER))
  .replace('<cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>', endpoint(BUYER));
/** The official Vat-category-S.xml from the same seller, to 0002:FR23342 (on no SMP). */
const TO_NOBODY = official('bis-billing-3/examples/Vat-category-S.xml').replace(
  '<cbc:EndpointID schemeID="0088">7300010000001</cbc:EndpointID>',
  endpoint(SELLER),
);
const BROKEN = INVOICE.replace(
  /<cbc:PayableAmount currencyID="([A-Z]+)">[^<]+<\/cbc:PayableAmount>/,
  '<cbc:PayableAmount currencyID="$1">1.00</cbc:PayableAmount>',
);
/** The official order 34, from the buyer to the order seller. */
const ORDER = official('poacc-upgrade-3/examples/Order_Example.xml')
  .replace('<cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>', endpoint(BUYER))
  .replace('<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>', endpoint(ORDER_SELLER));
/** The official order response, answering order 34. */
const ORDER_RESPONSE = official('poacc-upgrade-3/examples/OrderResponse_Example.xml')
  .replace('<cbc:EndpointID schemeID="0088">7598000000128</cbc:EndpointID>', endpoint(ORDER_SELLER))
  .replace('<cbc:EndpointID schemeID="0088">7590000012347</cbc:EndpointID>', endpoint(BUYER))
  .replace('<cbc:ID>11233</cbc:ID>', '<cbc:ID>34</cbc:ID>');
/** The official credit note from the demo's Belgian legal entity to its Italian one. */
const BELGIAN_CREDIT_NOTE = official('bis-billing-3/examples/base-creditnote-correction.xml')
  .replace(
    '<cbc:EndpointID schemeID="0088">9482348239847239874</cbc:EndpointID>',
    '<cbc:EndpointID schemeID="0208">0123456749</cbc:EndpointID>',
  )
  .replace(
    '<cbc:EndpointID schemeID="0002">FR23342</cbc:EndpointID>',
    '<cbc:EndpointID schemeID="0211">IT09753108647</cbc:EndpointID>',
  );

const BILLING_INVOICE =
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const ORDER_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3::2.1';
const ORDER_RESPONSE_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2::OrderResponse##urn:fdc:peppol.eu:poacc:trns:order_response:3::2.1';

let peppol: PersonaApi;

async function register(
  name: string,
  party: { scheme: string; value: string },
  capabilities: { documentType: string; process: string }[],
) {
  const created = await peppol.api.post('/api/peppol/it/legal-entities', {
    headers: peppol.headers,
    data: { registeredName: name, identifierScheme: party.scheme, identifierValue: party.value },
  });
  let uuid: string;
  if (created.status() === 422) {
    // A retry of this spec on the same server: the participant is registered already.
    const found = await peppol.api.get(
      `/api/peppol/it/legal-entities?identifierValue=${party.value}`,
      { headers: { ...peppol.headers, Accept: 'application/json' } },
    );
    const [existing] = (await found.json()) as { uuid: string }[];
    expect(existing, await created.text()).toBeDefined();
    uuid = existing!.uuid;
  } else {
    expect(created.status(), await created.text()).toBe(201);
    uuid = ((await created.json()) as { uuid: string }).uuid;
  }
  const smp = await peppol.api.put(`/api/peppol/it/legal-entities/${uuid}/smp`, {
    headers: peppol.headers,
    data: { enabled: true, capabilities },
  });
  expect(smp.status(), await smp.text()).toBe(200);
}

test.beforeAll(async () => {
  peppol = await personaApi('peppol');
  await register('Nordic Seller AS', SELLER, [{ documentType: BILLING_INVOICE, process: BILLING }]);
  await register('Nordic Buyer AS', BUYER, [
    { documentType: BILLING_INVOICE, process: BILLING },
    { documentType: ORDER_RESPONSE_TYPE, process: 'urn:fdc:peppol.eu:poacc:bis:ordering:3' },
  ]);
  await register('Nordic Supplies AS', ORDER_SELLER, [
    { documentType: ORDER_TYPE, process: 'urn:fdc:peppol.eu:poacc:bis:order_only:3' },
  ]);
});
test.afterAll(() => peppol.dispose());

test('an official BIS invoice goes from one legal entity to the other; a broken one shows its rule; one to nobody fails', async ({
  page,
}) => {
  const hook = await peppol.api.post('/api/peppol/it/webhooks', {
    headers: peppol.headers,
    data: { event: 'incoming-document', url: `${baseURL}/api/dev/webhook-receiver` },
  });
  await loginAs(page, 'peppol', { path: '/peppol/outgoing-invoices' });
  await expect(page.getByRole('heading', { name: 'Outgoing invoices' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Outgoing invoices' });
  // The demo history's invoices of the last month.
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  const send = async (xml: string) => {
    await page.getByRole('button', { name: 'Send a document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send an invoice' });
    await dialog.getByRole('textbox', { name: 'UBL document (XML or JSON)' }).fill(xml);
    return dialog;
  };

  // A broken one: the rule it breaks, nothing stored.
  let dialog = await send(BROKEN);
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByRole('cell', { name: 'BR-CO-16', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByText('it cannot be sent')).toBeVisible();
  // A reload would empty the editor: the refusal is shown in the current language only.
  await screenshot(page, 'peppol-send-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toBeHidden();

  // The official one: delivered.
  dialog = await send(INVOICE);
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('The document follows the rules')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  const sent = table.getByRole('row').filter({ hasText: '0192:912345688' }).first();
  await expect(sent.getByRole('button', { name: 'Sent successfully' })).toBeVisible({
    timeout: 30_000,
  });

  // To a participant on no SMP: the message fails with the network's error.
  dialog = await send(TO_NOBODY);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Its row (the demo history has failed messages of its own): the marker once delivery failed.
  const failed = table
    .getByRole('row')
    .filter({ hasText: '0002:FR23342' })
    .first()
    .getByRole('button', { name: 'Sent with errors (PEPPOL:PARTICIPANT_NOT_FOUND)' });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await failed.click();
  const message = page.getByRole('dialog', { name: 'Peppol message' });
  await expect(message).toContainText('The receiver 0002:FR23342');
  await screenshotEveryLanguage(page, 'peppol-message-failed');
  await message.getByRole('button', { name: 'Close' }).click();
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'peppol-outgoing-invoices');

  // The buyer's side: the same invoice, incoming, with its XML.
  await page.goto('/peppol/incoming-invoices');
  const incoming = page.getByRole('table', { name: 'Incoming invoices' });
  const row = incoming.getByRole('row').filter({ hasText: '0088:7300010000421' }).first();
  await expect(row.getByRole('button', { name: 'Sent successfully' })).toBeVisible();
  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('0088:7300010000421');
  await details.getByRole('tab', { name: 'XML' }).click();
  await expect(details.getByLabel('XML')).toContainText('<cbc:CustomizationID>');
  await screenshot(page, 'peppol-invoice-xml');

  // The webhook of incoming documents was delivered.
  expect(hook.status(), await hook.text()).toBe(201);
  const { uuid } = (await hook.json()) as { uuid: string };
  await expect
    .poll(async () => {
      const log = await peppol.api.get(`/api/peppol/it/webhooks/${uuid}/deliveries`, {
        headers: { ...peppol.headers, Accept: 'application/json' },
      });
      return ((await log.json()) as { status: string }[]).map((entry) => entry.status);
    })
    .toContain('delivered');
});

test('an order and its response are linked both ways; a Belgian credit note arrives in Italy', async ({
  page,
}) => {
  const post = async (domain: string, xml: string) => {
    const response = await peppol.api.post(`/api/peppol/${domain}/outgoing/ubl`, {
      headers: { ...peppol.headers, 'Content-Type': 'application/xml' },
      data: xml,
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await post('it', ORDER);
  await loginAs(page, 'peppol', { path: '/peppol/incoming-orders' });
  const orders = page.getByRole('table', { name: 'Incoming orders' });
  await expect(orders.getByRole('row').filter({ hasText: '34' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await post('it', ORDER_RESPONSE);

  await page.goto('/peppol/outgoing-orders');
  const outgoing = page.getByRole('table', { name: 'Outgoing orders' });
  const order = outgoing.getByRole('row').filter({ hasText: '0192:912345696' }).first();
  // The response travels after the order settled: a list read before it arrives is refreshed.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(order).toContainText('Accepted with changes', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await order.getByRole('link', { name: '34' }).click();
  const details = page.getByRole('dialog');
  await details.getByRole('tab', { name: 'Order responses' }).click();
  await expect(details.getByRole('cell', { name: '101' })).toBeVisible();
  await screenshotEveryLanguage(page, 'peppol-order-responses');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.goto('/peppol/incoming-order-responses');
  const responses = page.getByRole('table', { name: 'Incoming order responses' });
  await responses.getByRole('link', { name: '101' }).first().click();
  const response = page.getByRole('dialog');
  await response.getByRole('tab', { name: 'Document reference' }).click();
  await expect(response.getByRole('cell', { name: '34' })).toBeVisible();
  await response.getByRole('button', { name: 'Close' }).click();

  // Belgium: Delta Peppol BV sends a credit note to GAMMA PEPPOL SRL through the send dialog.
  await page.goto('/peppol-be/outgoing-credit-notes');
  await page.getByRole('button', { name: 'Send a document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a credit note' });
  await dialog
    .getByRole('textbox', { name: 'UBL document (XML or JSON)' })
    .fill(BELGIAN_CREDIT_NOTE);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  const notes = page.getByRole('table', { name: 'Outgoing credit notes' });
  await expect(
    notes.getByRole('row').filter({ hasText: 'GAMMA PEPPOL SRL' }).first().getByRole('button', {
      name: 'Sent successfully',
    }),
  ).toBeVisible({ timeout: 30_000 });
  await page.goto('/peppol/incoming-credit-notes');
  await expect(
    page
      .getByRole('table', { name: 'Incoming credit notes' })
      .getByRole('row')
      .filter({
        hasText: 'Delta Peppol BV',
      })
      .first(),
  ).toBeVisible();
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'peppol-incoming-credit-notes');

  // The receiving check of the Italian demo entity: every step passes, with its evidence.
  await page.goto('/peppol/legal-entities');
  const entities = page.getByRole('table', { name: 'Legal entities' });
  await entities
    .getByRole('row')
    .filter({ hasText: 'GAMMA PEPPOL SRL' })
    .getByRole('button', { name: 'Check receiving' })
    .click();
  const check = page.getByRole('dialog', { name: 'Receiving check' });
  await expect(check).toContainText('Partners can reach 0211:IT09753108647 on Peppol.');
  await expect(check).toContainText('peppol-transport-as4-v2_0');
  await screenshotEveryLanguage(page, 'peppol-receiving-check');

  // The Peppol dashboard: the year's documents of the domain.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Peppol documents in \d{4}$/ })).toBeVisible();
  await expect(page.getByTestId('peppol-stats-failed')).not.toContainText(/^Sent with errors0$/);
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'peppol-dashboard');
});
