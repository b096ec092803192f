/**
 * Setting Peppol up (issue 34; spec "Peppol legal entities", "Peppol webhooks list"), as peppol@:
 * a new Italian-menu legal entity (a Norwegian organisation number, 0192) refused on its check
 * digit then created, registered on the SMP with one capability (the BIS Billing invoice), seen
 * registered in its row, deleted; the Belgian menu's legal entity with its two checkboxes; a
 * webhook created, its delivery log opened, deleted. Every list fits 1440 px in it, en and pl.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

// Each list and dialog is shown in three languages, a reload each, on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

const BIS_BILLING_INVOICE = 'Peppol BIS Billing UBL Invoice V3';
const BIS_BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** The end of one of the code list's longest names (104 characters). */
const LONG_DOCUMENT_TYPE = String.raw`\(Camt\.029 Reception Acknowledgement\)`;

/** A Norwegian organisation number (0192) of this run: eight digits and their mod 11 check. */
function norwegianOrgNumber(): { valid: string; wrongCheck: string } {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const digits = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10) continue;
    return { valid: `${digits}${check}`, wrongCheck: `${digits}${(check + 1) % 10}` };
  }
}

/** How far the page or a table scrolls sideways (0 when everything fits), with the columns. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; columns: string }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const containers = Array.from(document.querySelectorAll('.MuiTableContainer-root'));
    const headers = Array.from(document.querySelectorAll('.MuiTableContainer-root thead th'));
    return {
      overflow: Math.max(
        root.scrollWidth - root.clientWidth,
        ...containers.map((container) => container.scrollWidth - container.clientWidth),
      ),
      columns: headers
        .map((th) => `${(th as HTMLElement).innerText.trim()}=${Math.round(th.clientWidth)}`)
        .join(', '),
    };
  });
}

async function expectFits(page: Page, what: string): Promise<void> {
  const { overflow, columns } = await sidewaysOverflow(page);
  expect
    .soft(overflow, `${what} scrolls sideways by ${overflow}px (${columns})`)
    .toBeLessThanOrEqual(0);
}

/** A list screenshotted in every language at 1440 px, each checked for sideways scrolling. */
async function shootList(page: Page, name: string): Promise<void> {
  await screenshotEveryLanguage(page, name, async (shown) => {
    await expect(shown.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectFits(shown, `${name} in ${await shown.locator('html').getAttribute('lang')}`);
  });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a legal entity is created, registered on the SMP with one capability and deleted', async ({
  page,
}) => {
  const { valid, wrongCheck } = norwegianOrgNumber();
  const name = `NORDLYS E2E ${valid} AS`;
  await loginAs(page, 'peppol', { path: '/peppol/legal-entities' });
  await expect(page.getByRole('heading', { name: 'Legal entities' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Legal entities' });
  const gamma = table.getByRole('row').filter({ hasText: 'GAMMA PEPPOL SRL' });
  await expect(gamma).toContainText('Registered');
  await expect(gamma.getByRole('link', { name: /0211:IT09753108647/ })).toHaveAttribute(
    'href',
    'https://directory.peppol.eu/public/locale-en_US/menuitem-search?q=0211%3AIT09753108647',
  );

  await page.getByRole('button', { name: 'New legal entity' }).click();
  const dialog = page.getByRole('dialog', { name: 'New legal entity' });
  await expect(dialog.getByRole('checkbox', { name: 'SMP registration' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Registered name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Identifier scheme' }).fill('0192');
  await page.getByRole('option', { name: '0192 · NO:ORG' }).click();
  const identifier = dialog.getByRole('textbox', { name: 'Participant identifier' });
  await identifier.fill(wrongCheck);
  await dialog.getByRole('textbox', { name: 'City' }).fill('Oslo');
  await dialog.getByRole('textbox', { name: 'Country' }).fill('no');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The API checks the identifier as the network does: its check digit.
  await expect(
    dialog.getByText('This identifier does not match its scheme (pattern or check digit).', {
      exact: true,
    }),
  ).toBeVisible();
  await screenshot(page, 'peppol-legal-entity-refused');
  await identifier.fill(valid);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`0192:${valid}`);
  await expect(row).toContainText('Not registered');

  // SMP: on edit only, one capability.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit legal entity' });
  await expect(edit.getByRole('textbox', { name: 'Registered name' })).toHaveValue(name);
  await expect(edit.getByRole('textbox', { name: 'Country' })).toHaveValue('NO');
  await expect(edit.getByRole('button', { name: 'Add capability' })).toBeDisabled();
  await edit.getByRole('checkbox', { name: 'SMP registration' }).check();
  await edit.getByRole('button', { name: 'Add capability' }).click();
  await edit.getByRole('combobox', { name: 'Document type' }).fill('BIS Billing UBL Invoice');
  await page.getByRole('option', { name: new RegExp(`^${BIS_BILLING_INVOICE}`) }).click();
  await edit.getByRole('combobox', { name: 'Process' }).click();
  await page.getByRole('option', { name: BIS_BILLING_PROCESS, exact: true }).click();
  // A second one of the code list's longest names, its process left to the API.
  await edit.getByRole('button', { name: 'Add capability' }).click();
  await edit.getByRole('combobox', { name: 'Document type' }).last().fill('Camt.029 Reception');
  const longName = page.getByRole('option', { name: new RegExp(LONG_DOCUMENT_TYPE) });
  await expect(longName).toBeVisible();
  await screenshot(page, 'peppol-legal-entity-document-types');
  await longName.click();
  await screenshot(page, 'peppol-legal-entity-smp');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('2 document types');
  await waitForIdle(page);
  await shootList(page, 'peppol-legal-entities');

  // The registered entity's form, its long document type name within the dialog.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog').getByRole('combobox').last()).toBeVisible();
  await screenshotEveryLanguage(page, 'peppol-legal-entity-edit', async (shown) => {
    const reopened = shown.getByRole('dialog');
    await expect(reopened.getByRole('checkbox').first()).toBeChecked();
    // The long document type name stays inside the dialog, which stays inside the window.
    const box = await reopened.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1440);
  });
  const reopened = page.getByRole('dialog', { name: 'Edit legal entity' });
  await expect(reopened.getByRole('combobox', { name: 'Document type' }).first()).toHaveValue(
    BIS_BILLING_INVOICE,
  );
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopened).toBeHidden();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete legal entity' });
  await expect(confirm).toContainText(`0192:${valid}`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Legal entity ${name} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the Belgian menu’s legal entity registers the invoice and credit note by checkbox', async ({
  page,
}) => {
  await loginAs(page, 'peppol', { path: '/peppol-be/legal-entities' });
  const table = page.getByRole('table', { name: 'Legal entities' });
  const delta = table.getByRole('row').filter({ hasText: 'Delta Peppol BV' });
  await expect(delta).toContainText('0208:0123456749');
  await expect(table).not.toContainText('GAMMA PEPPOL SRL');
  await shootList(page, 'peppol-be-legal-entities');

  await delta.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit legal entity' });
  await expect(edit.getByRole('textbox', { name: 'Identifier scheme' })).toHaveValue('0208');
  await expect(edit.getByRole('checkbox', { name: 'SMP registration' })).toBeChecked();
  await expect(
    edit.getByRole('checkbox', { name: 'Invoice (Peppol BIS Billing 3.0)' }),
  ).toBeChecked();
  await expect(
    edit.getByRole('checkbox', { name: 'Credit note (Peppol BIS Billing 3.0)' }),
  ).toBeVisible();
  await expect(edit.getByRole('combobox', { name: 'Document type' })).toHaveCount(0);
  await screenshotEveryLanguage(page, 'peppol-be-legal-entity-edit', async (shown) => {
    await expect(shown.getByRole('dialog').getByRole('checkbox')).toHaveCount(3);
  });
});

test('a Peppol webhook is created, its delivery log opened, and deleted', async ({ page }) => {
  await loginAs(page, 'peppol', { path: '/peppol/webhooks' });
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'New Webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Webhook' });
  await dialog.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: /A document sent/ }).click();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('example.com/hook');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The URL must be one (spec 5: of URL type).
  await expect(dialog.getByText('This value is not a valid URL.', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://example.com/hook');
  await screenshot(page, 'peppol-webhook-new');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Webhooks' });
  const row = table.getByRole('row').filter({ hasText: 'https://example.com/hook' });
  await expect(row).toContainText('A document sent');
  await waitForIdle(page);
  await shootList(page, 'peppol-webhooks');

  await row.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: /Delivery log/ });
  await expect(log.getByRole('table', { name: 'Delivery log' })).toBeVisible();
  await expect(log).toContainText('No event has been sent to this webhook yet.');
  await expect(page).toHaveURL(/dialogId=deliveries/);
  await screenshot(page, 'peppol-webhook-deliveries');
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete webhook' });
  await expect(confirm).toContainText('https://example.com/hook');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Webhook deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});
