/**
 * Words and numbers in the user's language (issue 31, smaller findings): the date pickers'
 * accessible names, a chosen file's size (a decimal comma in Italian) and the transfers CSV's
 * notice column, in Italian and Polish.
 */
import { readFileSync } from 'node:fs';
import { expect, loginAs, test, waitForIdle } from './fixtures';

test("the date pickers' buttons are named in Italian and Polish, not English", async ({ page }) => {
  for (const [language, name] of [
    ['it', /^Scegli la data/],
    ['pl', /^Wybierz datę/],
  ] as const) {
    await loginAs(page, 'italy', { path: '/jobs', language });
    await waitForIdle(page);
    const toggle = page.getByRole('button', { name: /^(Filtri|Filtry)/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(page.getByRole('button', { name }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose date/ })).toHaveCount(0);
  }
});

test('a chosen file size has a decimal comma in Italian; the CSV notices are Italian', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: '/invoice-transfers', language: 'it' });
  await waitForIdle(page);
  await page.getByRole('button', { name: 'Carica', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Carica fatture' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'fattura.xml',
    mimeType: 'application/xml',
    buffer: Buffer.alloc(12_800, 'x'),
  });
  await expect(dialog.getByText('fattura.xml (12,5 KB)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  // The demo's transfers: sent ones, and files with violations.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Scarica CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Inviata allo SDI come fattura attiva.');
  expect(csv).not.toContain('Sent to SDI as a customer invoice.');
});
