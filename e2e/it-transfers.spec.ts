/**
 * The invoice transfers screen against the real server (italian-invoicing spec 2, 3, 5-9):
 * italy@ uploads a valid FatturaPA XML into a new folder, then an invalid XML, a signed .p7m and
 * a zip into that folder chosen in the lazy folder tree; the progress of each upload, then their
 * transfers: violations in their dialog, the sent invoices behind the details dialog's link, the
 * Invoice XML and the CSV of the page. The role rules: supplier-only goes home, no Upload without
 * the transfer roles. Screenshots of the list and its dialogs in it, en and pl.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  markingOf,
  personaApi,
  runStamp,
  sampleXml,
  screenshot,
  screenshotEveryLanguage,
  sendInvoice,
  switchLanguage,
  test,
  waitForIdle,
} from './fixtures';

// Four uploads, SDI's steps and three screenshot sets on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

const PAGE = '/invoice-transfers';
const realWorld = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../shared/spec/fatturapa/samples/realworld',
);
/** A signed FPR12 invoice (CAdES, base64) of another supplier, from FatturaElettronica.NET. */
const P7M_NAME = 'IT02182030391_31.Base64.xml.p7m';
const p7m = () =>
  readFileSync(join(realWorld, 'FatturaElettronica__FatturaElettronica.NET', P7M_NAME));

/** A zip of stored (uncompressed) entries, as any archiver can write it. */
function zipOf(entries: { name: string; data: string }[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data, 'utf8');
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const size = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...centrals, end]);
}

const table = (page: Page) => page.getByRole('table', { name: 'Invoice transfers' });
const row = (page: Page, fileName: string) =>
  table(page).getByRole('row').filter({ hasText: fileName });
const uploadsRegion = (page: Page) => page.getByRole('region', { name: 'Uploads' });

/** Opens the upload dialog, chooses `folder` in the tree (and a new folder in it), uploads. */
async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  place: { folder?: string; newFolder?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await expect(dialog.getByText(/up to 5 MB, or a \.zip of invoices up to 50 MB/)).toBeVisible();
  const tree = dialog.getByRole('tree', { name: 'Folder' });
  await expect(tree.getByRole('treeitem', { name: '/' })).toHaveAttribute('aria-selected', 'true');
  if (place.folder) await tree.getByRole('treeitem', { name: place.folder }).click();
  if (place.newFolder) await dialog.getByLabel('New folder').fill(place.newFolder);
  await dialog.getByLabel('Choose file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Waits until the upload of `fileName` says it is done, with its counts. */
async function expectUploadDone(page: Page, fileName: string, counts: RegExp): Promise<void> {
  const line = uploadsRegion(page).getByRole('alert').filter({ hasText: fileName });
  await expect(line).toContainText('Done', { timeout: 60_000 });
  await expect(line).toContainText(counts);
}

test.describe('invoice transfers', () => {
  test('uploads an XML, an invalid XML, a .p7m and a zip into a folder and follows them', async ({
    page,
  }) => {
    const stamp = runStamp('TR');
    const folder = `e2e ${stamp}`;
    const valid = `IT01234567890_${stamp}A.xml`;
    const invalid = `IT01234567890_${stamp}B.xml`;
    const zipName = `lotto-${stamp}.zip`;
    const zipped = [`IT01234567890_${stamp}C.xml`, `IT01234567890_${stamp}D.xml`, 'leggimi.pdf'];
    const xml = (number: string) => Buffer.from(sampleXml(undefined, { number }));

    await loginAs(page, 'italy', { path: PAGE });
    await expect(page.getByRole('heading', { name: 'Invoice transfers' })).toBeVisible();
    // The demo's transfers of the last month are there.
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();

    // A valid invoice into a new folder at the root.
    await upload(
      page,
      { name: valid, mimeType: 'application/xml', buffer: xml(`${stamp}A`) },
      { newFolder: folder },
    );
    await expect(page.getByText(`${valid} uploaded into ${folder}`)).toBeVisible();
    await expectUploadDone(page, valid, /1 of 1 file read.*sent: 1, with violations: 0/);

    // An invoice without its number, into the folder now in the tree.
    const broken = sampleXml(undefined, { number: `${stamp}B` }).replace(
      /<Numero>[^<]*<\/Numero>/,
      '',
    );
    await upload(
      page,
      { name: invalid, mimeType: 'application/xml', buffer: Buffer.from(broken) },
      { folder },
    );
    await expectUploadDone(page, invalid, /1 of 1 file read.*sent: 0, with violations: 1/);

    // A signed .p7m and a zip of two invoices and a PDF, into the same folder.
    await upload(
      page,
      { name: P7M_NAME, mimeType: 'application/pkcs7-mime', buffer: p7m() },
      { folder },
    );
    await expectUploadDone(page, P7M_NAME, /1 of 1 file read/);
    const zip = zipOf([
      { name: `marzo/${zipped[0]}`, data: sampleXml(undefined, { number: `${stamp}C` }) },
      { name: `marzo/${zipped[1]}`, data: sampleXml(undefined, { number: `${stamp}D` }) },
      { name: zipped[2]!, data: '%PDF-1.7 not an invoice' },
    ]);
    await upload(page, { name: zipName, mimeType: 'application/zip', buffer: zip }, { folder });
    await expectUploadDone(page, zipName, /3 of 3 files read.*sent: 2, with violations: 1/);

    // Their transfers, in the folder, with violations or the invoice they sent.
    const ok = row(page, valid);
    await expect(ok).toContainText(folder);
    await expect(ok).toContainText('ok');
    await expect(ok).toContainText('Sent to SDI as a customer invoice.');
    // The supplier column is hidden by default (1440 px): the customer identifies the signed file.
    await expect(row(page, P7M_NAME)).toContainText('CIR 2000 snc');
    for (const name of zipped.slice(0, 2)) await expect(row(page, name)).toContainText('ok');

    // The violations of the invalid file, in their dialog (through the URL).
    await row(page, invalid)
      .getByRole('button', { name: /violations? in/ })
      .click();
    const violations = page.getByRole('dialog', { name: 'Violations' });
    await expect(violations).toContainText(invalid);
    await expect(violations.getByRole('listitem').first()).toBeVisible();
    await page.reload();
    await waitForIdle(page);
    await expect(page.getByRole('dialog', { name: 'Violations' })).toBeVisible();
    await screenshotEveryLanguage(page, 'it-transfers-violations');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(row(page, zipped[2]!)).toContainText('Not sent: the file is not an invoice.');

    // The details of the valid one, its XML, and the sent invoice behind its link.
    await row(page, valid).getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Invoice transfer' });
    await expect(details).toContainText(`${stamp}A`);
    await expect(details).toContainText(folder);
    const xmlDownload = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Invoice XML' }).click();
    const xmlFile = await xmlDownload;
    expect(readFileSync((await xmlFile.path()) ?? '', 'utf8')).toContain(`${stamp}A`);
    await screenshotEveryLanguage(page, 'it-transfers-details');
    await page
      .getByRole('dialog', { name: 'Invoice transfer' })
      .getByRole('link', { name: /Open the sent invoice/ })
      .click();
    await expect(page).toHaveURL(/\/customer-invoice\?dialogId=invoice&dialog_uuid=/);
    await expect(page.getByRole('dialog')).toContainText(`${stamp}A`);

    // Only those with violations.
    await page.goto(PAGE);
    await waitForIdle(page);
    await page.getByRole('textbox', { name: 'Original file name' }).fill(stamp);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'With violations' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(row(page, invalid)).toBeVisible();
    await expect(row(page, valid)).toHaveCount(0);

    // The CSV of the page (1,000 rows at most), with the filters on screen.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe('invoice_transfers_1.csv');
    const text = readFileSync((await csv.path()) ?? '', 'utf8');
    expect(text.split('\r\n')[0]).toContain('uuid,original_file_name,reference');
    expect(text).toContain(invalid);
    expect(text).not.toContain(valid);

    await page.getByRole('button', { name: 'Clear' }).click();
    await waitForIdle(page);
    await screenshotEveryLanguage(page, 'it-transfers');

    // The upload dialog and its tree, opened from the URL.
    await page.goto(`${PAGE}?dialogId=transfer-upload`);
    await waitForIdle(page);
    await page
      .getByRole('dialog', { name: 'Upload invoices' })
      .getByRole('treeitem', { name: folder })
      .click();
    await screenshotEveryLanguage(page, 'it-transfers-upload', async (again) => {
      await again.getByRole('dialog').getByRole('treeitem', { name: folder }).click();
      await waitForIdle(again);
    });
  });

  test('an upload SDI rejects as a duplicate says so, with NS 00404, in it, en and pl', async ({
    page,
  }) => {
    const stamp = runStamp('DUP');
    const fileName = `IT01234567890_${stamp}.xml`;
    const xml = sampleXml(undefined, { number: stamp });
    // The same invoice went to SDI before, through the API, and was delivered.
    const italy = await personaApi('italy');
    const first = await sendInvoice(italy, xml);
    await expect.poll(() => markingOf(italy, first), { timeout: 60_000 }).toBe('delivered');
    await italy.dispose();

    await loginAs(page, 'italy', { path: PAGE });
    await upload(
      page,
      { name: fileName, mimeType: 'application/xml', buffer: Buffer.from(xml) },
      {},
    );
    // Sent (the file is a valid invoice), then refused by SDI: the line says so with the code.
    const line = uploadsRegion(page).getByRole('alert').filter({ hasText: fileName });
    await expect(line).toContainText('sent: 1, with violations: 0', { timeout: 60_000 });
    await expect(line).toContainText('SDI: 1 rejected', { timeout: 60_000 });
    await expect(line).toContainText(`${fileName}: rejected by SDI (NS) · 00404 duplicate invoice`);
    await expect(line).not.toContainText('awaiting');
    await screenshot(page, 'it-transfers-duplicate');

    await switchLanguage(page, 'it');
    const riga = page
      .getByRole('region', { name: 'Caricamenti' })
      .getByRole('alert')
      .filter({ hasText: fileName });
    await expect(riga).toContainText('inviate: 1, con violazioni: 0 · SDI: 1 scartata');
    await expect(riga).toContainText(
      `${fileName}: scartata dallo SDI (NS) · 00404 fattura duplicata`,
    );
    await screenshot(page, 'it-transfers-duplicate');

    await switchLanguage(page, 'pl');
    const wiersz = page
      .getByRole('region', { name: 'Przesyłane pliki' })
      .getByRole('alert')
      .filter({ hasText: fileName });
    await expect(wiersz).toContainText('SDI: 1 odrzucona');
    await expect(wiersz).toContainText(
      `${fileName}: odrzucona przez SDI (NS) · 00404 zduplikowana faktura`,
    );
    await screenshot(page, 'it-transfers-duplicate');
    await switchLanguage(page, 'en');
  });

  test('role rules: supplier-only goes home, no Upload without the transfer roles', async ({
    page,
  }) => {
    await loginAs(page, 'supplier-only', { path: PAGE });
    await expect(page).not.toHaveURL(/invoice-transfers/);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
        name: 'Invoice transfers',
      }),
    ).toHaveCount(0);

    await loginAs(page, 'customer-only', { path: PAGE });
    await expect(page.getByRole('heading', { name: 'Invoice transfers' })).toBeVisible();
    await expect(table(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
  });
});
