import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceTransfer } from '@fiscus/contracts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import type { StoredRoles } from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itInvoices,
  itRegistrySubAccounts,
} from '../../../db/schema/index.ts';
import {
  itInvoiceTransfers,
  itTransferFolders,
  itTransferUploads,
} from '../../../db/schema/it-transfers.ts';
import {
  asIssuedByY,
  businessWithTwoCompanies,
  linkRegistry,
  X,
  Y,
} from '../acting-scope-test-kit.ts';
import { ALL_IT_ROLES, createAlpha, drainJobs, sample, SAMPLES_DIR } from '../it-test-kit.ts';
import { testZip } from './transfer-test-zips.ts';
import { QUEUED_NOTICE, TRANSFER_PROCESS_JOB } from './transfers.service.ts';

const UPLOADER_ROLES = {
  it: [...ALL_IT_ROLES, 'ROLE_TRANSFER'],
  transfer: ['ROLE_API'],
  common: ['ROLE_USER'],
};

const FPR01 = sample('official/v1.2.2/IT01234567890_FPR01.xml');
const FPA01 = sample('official/v1.2.2/IT01234567890_FPA01.xml');
const FPR03 = sample('official/v1.2.2/IT01234567890_FPR03.xml');
/** FPR01 without its document number: the schema refuses it. */
const INVALID = FPR01.replace('<Numero>123</Numero>', '');
const P7M = readFileSync(
  resolve(
    SAMPLES_DIR,
    'realworld/FatturaElettronica__FatturaElettronica.NET/IT02182030391_31.Base64.xml.p7m',
  ),
);

let t: TestApp;
let uploader: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  uploader = await createAlpha(t, UPLOADER_ROLES);
});
afterAll(async () => {
  await t.close();
});

function upload(
  token: string,
  path: string,
  content: Buffer | string,
  extra: Record<string, unknown> = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/transfer/it/upload',
    token,
    payload: { content: Buffer.from(content).toString('base64'), project: 'it', path, ...extra },
  });
}

async function transfers(token: string, query = '') {
  const response = await t.request({
    method: 'GET',
    url: `/api/it/invoice-transfers?itemsPerPage=100${query}`,
    token,
    headers: { accept: 'application/ld+json' },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { 'hydra:member': InvoiceTransfer[]; 'hydra:totalItems': number };
  return body['hydra:member'];
}

async function uploadProgress(token: string, uuid: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/transfer/it/uploads/${uuid}`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown>;
}

async function storedCounts() {
  const [uploads] = await t.db.select({ n: count() }).from(itTransferUploads);
  const [rows] = await t.db.select({ n: count() }).from(itInvoiceTransfers);
  const [folders] = await t.db.select({ n: count() }).from(itTransferFolders);
  const [invoices] = await t.db.select({ n: count() }).from(itInvoices);
  const dir = join(t.config.dataDir, 'files', 'transfers');
  const files = existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;
  return { uploads: uploads?.n, rows: rows?.n, folders: folders?.n, invoices: invoices?.n, files };
}

describe('invoice transfers: upload, processing, list', () => {
  it('sends a valid XML and keeps what it read', async () => {
    const response = await upload(uploader.token, 'fatture/2026/IT01234567890_FPR01.xml', FPR01);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      path: 'fatture/2026/IT01234567890_FPR01.xml',
      reference: 'fatture/2026',
      original_file_name: 'IT01234567890_FPR01.xml',
      kind: 'invoice',
      total: 1,
    });
    const uploadUuid = (response.json() as { uuid: string }).uuid;
    // On the list at once, queued until the job has read it.
    const [queued] = await transfers(uploader.token, '&original_file_name=FPR01');
    expect(queued).toMatchObject({
      notice: QUEUED_NOTICE,
      notice_code: 'queued',
      upload_uuid: uploadUuid,
      sent_at: null,
      violations: null,
    });
    expect(await uploadProgress(uploader.token, uploadUuid)).toMatchObject({
      status: 'queued',
      total: 1,
      transfers: 1,
      processed: 0,
      sent: 0,
      with_violations: 0,
      processed_at: null,
    });
    await drainJobs(t);
    expect(await uploadProgress(uploader.token, uploadUuid)).toMatchObject({
      uuid: uploadUuid,
      reference: 'fatture/2026',
      original_file_name: 'IT01234567890_FPR01.xml',
      kind: 'invoice',
      status: 'processed',
      total: 1,
      transfers: 1,
      processed: 1,
      sent: 1,
      with_violations: 0,
    });

    const [transfer] = await transfers(uploader.token, '&original_file_name=FPR01');
    expect(transfer).toMatchObject({
      supplier_name: "SOCIETA' ALPHA SRL",
      supplier_fiscal_id: '01234567890',
      customer_name: 'DITTA BETA',
      invoice_number: '123',
      invoice_date: '2014-12-18',
      invoice_type: 'TD01',
      invoice_net_amount: '5.00',
      invoice_vat_amount: '1.10',
      invoice_tot_amount: '6.10',
      original_file_name: 'IT01234567890_FPR01.xml',
      reference: 'fatture/2026',
      violations: null,
      notice: 'Sent to SDI as a customer invoice.',
      notice_code: 'sent',
      fixed: false,
    });
    expect(transfer?.sent_at).toEqual(expect.any(String));
    expect(transfer?.invoice_uuid).toEqual(expect.any(String));
    // The invoice went through the SDI sandbox like any sent invoice.
    expect(transfer?.marking).toBe('delivered');
    expect(transfer?.sdi_id).toEqual(expect.any(String));
    expect(transfer?.sdi_file_name).toMatch(/^IT\d+_\w+\.xml$/);

    const one = await t.request({
      method: 'GET',
      url: `/api/it/invoice-transfers/${transfer?.uuid}`,
      token: uploader.token,
    });
    expect(one.json()).toEqual(transfer);
    const xml = await t.request({
      method: 'GET',
      url: `/api/it/invoice-transfers/${transfer?.uuid}/download`,
      token: uploader.token,
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['content-disposition']).toContain('IT01234567890_FPR01.xml');
    expect(xml.body).toContain('<Numero>123</Numero>');
  });

  it('says in the progress what SDI answered: an invoice sent twice is refused as a duplicate (NS 00404)', async () => {
    const xml = FPR01.replace('<Numero>123</Numero>', '<Numero>DUP-TRANSFER-1</Numero>');
    const first = await upload(uploader.token, 'duplicati/prima.xml', xml);
    const firstUuid = (first.json() as { uuid: string }).uuid;
    expect(await uploadProgress(uploader.token, firstUuid)).toMatchObject({
      sdi: { waiting: 0, refused: 0, issued: 0, refusals: [] },
    });
    await drainJobs(t);
    expect(await uploadProgress(uploader.token, firstUuid)).toMatchObject({
      sent: 1,
      sdi: { waiting: 0, refused: 0, issued: 1, refusals: [] },
    });

    const second = await upload(uploader.token, 'duplicati/seconda.xml', xml);
    const secondUuid = (second.json() as { uuid: string }).uuid;
    await drainJobs(t);
    const progress = await uploadProgress(uploader.token, secondUuid);
    // Sent (the file was valid), and refused by SDI: the progress says so, with SDI's code.
    expect(progress).toMatchObject({
      status: 'processed',
      sent: 1,
      with_violations: 0,
      sdi: {
        waiting: 0,
        refused: 1,
        issued: 0,
        refusals: [
          {
            original_file_name: 'seconda.xml',
            marking: 'rejected',
            invoice_uuid: expect.any(String),
            transfer_uuid: expect.any(String),
            errors: [expect.objectContaining({ code: '00404' })],
          },
        ],
      },
    });
  });

  it('keeps an invalid XML with its violations and sends nothing', async () => {
    const before = await storedCounts();
    const response = await upload(uploader.token, 'fatture/IT01234567890_BAD01.xml', INVALID);
    expect(response.statusCode).toBe(202);
    await drainJobs(t);
    const [transfer] = await transfers(uploader.token, '&original_file_name=BAD01');
    expect(transfer).toMatchObject({ invoice_uuid: null, sent_at: null, marking: null });
    const violations = JSON.parse(transfer?.violations ?? '[]') as {
      propertyPath: string;
      message: string;
    }[];
    expect(violations.length).toBeGreaterThan(0);
    // The missing Numero: its path, the English text, and what the console words it with (the
    // check's code, a key with parameters, the sentence in it, en and pl without line numbers).
    expect(violations).toContainEqual({
      propertyPath: 'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero',
      message: expect.stringContaining('Numero is required.'),
      code: '00200',
      messageKey: 'schema.missingElement',
      parameters: expect.objectContaining({ element: 'Numero' }),
      messages: {
        it: 'Numero è obbligatorio.',
        en: 'Numero is required.',
        pl: expect.stringContaining('Numero'),
      },
    });
    expect((await storedCounts()).invoices).toBe(before.invoices);
  });

  it('sends a signed .p7m', async () => {
    const response = await upload(uploader.token, 'firmate/IT02182030391_31.xml.p7m', P7M);
    expect(response.statusCode).toBe(202);
    await drainJobs(t);
    const [transfer] = await transfers(uploader.token, '&original_file_name=IT02182030391_31');
    expect(transfer).toMatchObject({ violations: null, invoice_type: 'TD01' });
    expect(transfer?.invoice_uuid).toEqual(expect.any(String));
    const [invoice] = await t.db
      .select({ signed: itInvoices.signed })
      .from(itInvoices)
      .where(eq(itInvoices.uuid, transfer?.invoice_uuid ?? ''));
    expect(invoice?.signed).toBe(true);
  });

  it('unpacks a zip file by file, a transfer per entry', async () => {
    const zip = testZip([
      {
        name: 'lotto/IT01234567890_00124.xml',
        data: FPR01.replace('<Numero>123<', '<Numero>124<'),
      },
      { name: 'lotto/IT01234567890_FPA01.xml', data: FPA01 },
      { name: 'lotto/IT01234567890_BAD02.xml', data: INVALID },
      // The official sample's summary does not add up: SDI's check 00422 refuses it.
      { name: 'lotto/IT01234567890_FPR03.xml', data: FPR03 },
      { name: 'altro.zip', data: testZip([{ name: 'x.xml', data: FPR01 }]) },
      { name: 'leggimi.txt', data: 'ciao' },
    ]);
    const response = await upload(uploader.token, 'fatture/2026/lotto-marzo.zip', zip);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ kind: 'zip', reference: 'fatture/2026', total: 6 });
    const uploadUuid = (response.json() as { uuid: string }).uuid;
    // Nothing read yet: the zip's transfers come with its job.
    expect(await uploadProgress(uploader.token, uploadUuid)).toMatchObject({
      status: 'queued',
      total: 6,
      transfers: 0,
      processed: 0,
    });
    await drainJobs(t);
    expect(await uploadProgress(uploader.token, uploadUuid)).toMatchObject({
      status: 'processed',
      total: 6,
      transfers: 6,
      processed: 6,
      sent: 2,
      with_violations: 4,
    });
    // Its transfers, and only them, by upload.
    const listed = await transfers(uploader.token, `&upload_uuid=${uploadUuid}`);
    expect(listed).toHaveLength(6);
    expect(new Set(listed.map((transfer) => transfer.upload_uuid))).toEqual(new Set([uploadUuid]));
    expect(
      listed
        .map((transfer) => transfer.notice_code)
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(['notInvoice', 'notInvoice', 'sent', 'sent', 'violations', 'violations']);
    const rows = await t.db
      .select()
      .from(itInvoiceTransfers)
      .where(eq(itInvoiceTransfers.uploadUuid, (response.json() as { uuid: string }).uuid))
      .orderBy(itInvoiceTransfers.entryIndex);
    expect(rows.map((row) => [row.originalFileName, row.invoiceUuid !== null])).toEqual([
      ['IT01234567890_00124.xml', true],
      ['IT01234567890_FPA01.xml', true],
      ['IT01234567890_BAD02.xml', false],
      ['IT01234567890_FPR03.xml', false],
      ['altro.zip', false],
      ['leggimi.txt', false],
    ]);
    expect(rows[3]?.violations?.[0]?.message).toMatch(/ImponibileImporto/);
    // SDI's check in each language, for the console to show in the user's.
    expect(rows[3]?.violations?.[0]?.messages?.pl).toMatch(
      /^Wartość 2\.2\.2\.5 ImponibileImporto /,
    );
    expect(rows[4]?.violations?.[0]?.message).toMatch(/zip inside/);
    expect(rows[5]?.violations?.[0]?.message).toMatch(/Not an invoice/);
    // Why an entry was not read, as a reason the console words.
    expect(rows[4]?.violations?.[0]).toMatchObject({
      code: 'zip_entry_unreadable',
      parameters: { reason: 'nested_zip' },
    });
    expect(rows[5]?.violations?.[0]).toMatchObject({
      code: 'zip_entry_unreadable',
      parameters: { reason: 'not_invoice' },
    });
    expect(rows[0]?.reference).toBe('fatture/2026');

    // Run the job again, and once more as if a run stopped between sending and linking.
    await t.app.platform.jobs.enqueue(TRANSFER_PROCESS_JOB, { uploadUuid: rows[0]?.uploadUuid });
    await t.db
      .update(itTransferUploads)
      .set({ status: 'queued' })
      .where(eq(itTransferUploads.uuid, rows[0]?.uploadUuid ?? ''));
    await t.db
      .update(itInvoiceTransfers)
      .set({ invoiceUuid: null, sentAt: null })
      .where(eq(itInvoiceTransfers.uuid, rows[0]?.uuid ?? ''));
    const before = await storedCounts();
    await drainJobs(t);
    const after = await storedCounts();
    expect(after).toEqual(before);
    const [relinked] = await t.db
      .select()
      .from(itInvoiceTransfers)
      .where(eq(itInvoiceTransfers.uuid, rows[0]?.uuid ?? ''));
    expect(relinked?.invoiceUuid).toBe(rows[0]?.invoiceUuid);
  });

  it('lists the folder tree, root and children', async () => {
    const root = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs',
      token: uploader.token,
    });
    // The NS 00404 test above uploaded into duplicati/.
    expect(root.json()).toEqual({ root_dir: '/', dirs: ['duplicati', 'fatture', 'firmate'] });
    const child = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs?prefix=fatture',
      token: uploader.token,
    });
    expect(child.json()).toEqual({ root_dir: 'fatture', dirs: ['fatture/2026'] });
    const missing = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs?prefix=nowhere',
      token: uploader.token,
    });
    expect(missing.statusCode).toBe(404);
    const trick = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs?prefix=../fatture',
      token: uploader.token,
    });
    expect(trick.statusCode).toBe(422);
    expect(trick.json()).toMatchObject({ errors: { prefix: [expect.any(String)] } });
  });

  it('filters by violations, file name, fixed and creation date', async () => {
    const withViolations = await transfers(uploader.token, '&exists[violations]=true');
    const without = await transfers(uploader.token, '&exists[violations]=false');
    expect(withViolations.every((row) => row.violations !== null)).toBe(true);
    expect(without.every((row) => row.violations === null)).toBe(true);
    expect(withViolations.length + without.length).toBe((await transfers(uploader.token)).length);
    expect(await transfers(uploader.token, '&original_file_name=nothing-like-it')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await transfers(uploader.token, `&created_at[before]=${today} 23:59:59`)).length).toBe(
      (await transfers(uploader.token)).length,
    );
    expect(
      await transfers(uploader.token, `&created_at[strictly_after]=2999-01-01 00:00:00`),
    ).toEqual([]);
    const bad = await t.request({
      method: 'GET',
      url: '/api/it/invoice-transfers?created_at[before]=2026-02-30',
      token: uploader.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('marks an earlier failed file fixed once the same file is sent', async () => {
    await upload(uploader.token, 'rifatte/IT01234567890_FPR01.xml', INVALID);
    await drainJobs(t);
    await upload(uploader.token, 'rifatte/IT01234567890_FPR01.xml', FPR01);
    await drainJobs(t);
    const rows = (await transfers(uploader.token)).filter((row) => row.reference === 'rifatte');
    expect(rows.map((row) => [row.violations === null, row.fixed])).toEqual([
      [true, false],
      [false, true],
    ]);
    const open = await transfers(uploader.token, '&fixed=false&exists[violations]=true');
    expect(open.some((row) => row.reference === 'rifatte')).toBe(false);
  });

  it('exports a CSV page of up to 1,000 rows in the client language', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/it/invoice-transfers?itemsPerPage=1000',
      token: uploader.token,
      headers: { accept: 'text/csv', 'accept-language': 'it-IT,it;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('invoice_transfers_1.csv');
    expect(response.body.startsWith('\uFEFFuuid;original_file_name;reference;')).toBe(true);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines.length - 1).toBe((await transfers(uploader.token)).length);
    expect(response.body).toContain(';5,00;1,10;6,10;');
    // The notices in the client's language too.
    expect(response.body).toContain('Inviata allo SDI come fattura attiva.');
    expect(response.body).not.toContain('Sent to SDI as a customer invoice.');
    const polish = await t.request({
      method: 'GET',
      url: '/api/it/invoice-transfers?itemsPerPage=1000',
      token: uploader.token,
      headers: { accept: 'text/csv', 'accept-language': 'pl' },
    });
    expect(polish.body).toContain('Wysłano do SDI jako fakturę sprzedaży.');
    const english = await t.request({
      method: 'GET',
      url: '/api/it/invoice-transfers?itemsPerPage=1000',
      token: uploader.token,
      headers: { accept: 'text/csv' },
    });
    expect(english.body).toContain('Sent to SDI as a customer invoice.');
  });
});

describe('invoice transfers: bad input changes nothing', () => {
  it('refuses non-invoices, oversized files, path tricks, zip bombs and wrong projects', async () => {
    const before = await storedCounts();
    const bomb = testZip([
      { name: 'IT01234567890_00001.xml', data: Buffer.alloc(30 * 1024 * 1024) },
    ]);
    const liar = testZip([
      { name: 'IT01234567890_00001.xml', data: Buffer.alloc(200_000, 'a'), declaredSize: 100 },
    ]);
    const cases: [string, string, Buffer | string, number, string][] = [
      ['pdf as xml', 'a/IT01234567890_00001.xml', '%PDF-1.7 not an invoice', 422, 'content'],
      ['text file', 'a/notes.txt', 'hello', 422, 'path'],
      ['empty', 'a/IT01234567890_00001.xml', '', 422, 'content'],
      [
        'oversized',
        'a/IT01234567890_00001.xml',
        `<a>${'x'.repeat(5 * 1024 * 1024)}</a>`,
        422,
        'content',
      ],
      ['parent', '../IT01234567890_00001.xml', FPR01, 422, 'path'],
      ['deep parent', 'a/../../IT01234567890_00001.xml', FPR01, 422, 'path'],
      ['absolute', '/etc/IT01234567890_00001.xml', FPR01, 422, 'path'],
      ['backslash', 'a\\..\\IT01234567890_00001.xml', FPR01, 422, 'path'],
      ['NUL', 'a\u0000/IT01234567890_00001.xml', FPR01, 422, ''],
      ['drive', 'C:/IT01234567890_00001.xml', FPR01, 422, 'path'],
      ['long', `${'a'.repeat(120)}/IT01234567890_00001.xml`, FPR01, 422, 'path'],
      ['zip bomb', 'a/bomb.zip', bomb, 422, 'content'],
      ['lying zip', 'a/liar.zip', liar, 422, 'content'],
      [
        'unsafe zip names',
        'a/evil.zip',
        testZip([{ name: '../../evil.xml', data: FPR01 }]),
        422,
        'content',
      ],
      ['not a zip', 'a/fake.zip', FPR01, 422, 'content'],
      ['empty zip', 'a/empty.zip', testZip([{ name: 'only-a-folder/', data: '' }]), 422, 'content'],
    ];
    for (const [label, path, content, status, field] of cases) {
      const response = await upload(uploader.token, path, content);
      expect(response.statusCode, label).toBe(status);
      expect(response.headers['content-type'], label).toContain('application/problem+json');
      if (field)
        expect(response.json(), label).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
    // A file that is no XML says why with the check's own code, which the console words.
    const pdf = await upload(
      uploader.token,
      'a/IT01234567890_00001.xml',
      '%PDF-1.7 not an invoice',
    );
    expect(pdf.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'content', code: expect.stringMatching(/^xml-/) }),
    ]);
    const project = await upload(uploader.token, 'a/IT01234567890_00001.xml', FPR01, {
      project: 'pl',
    });
    expect(project.statusCode).toBe(422);
    expect(project.json()).toMatchObject({ errors: { project: [expect.any(String)] } });
    const otherProject = await t.request({
      method: 'POST',
      url: '/api/transfer/pl/upload',
      token: uploader.token,
      payload: { content: 'AA==', project: 'it', path: 'a/b.xml' },
    });
    expect(otherProject.statusCode).toBe(404);
    await drainJobs(t);
    expect(await storedCounts()).toEqual(before);
  });
});

describe('invoice transfers: roles and tenants', () => {
  it('needs the upload roles of both contexts to upload and browse', async () => {
    const withoutOne: StoredRoles[] = [
      { it: ALL_IT_ROLES, transfer: ['ROLE_API'], common: ['ROLE_USER'] },
      { it: [...ALL_IT_ROLES, 'ROLE_TRANSFER'], common: ['ROLE_USER'] },
    ];
    for (const roles of withoutOne) {
      const { token } = await createAlpha(t, roles);
      expect((await upload(token, 'a/IT01234567890_FPR01.xml', FPR01)).statusCode).toBe(403);
      const dirs = await t.request({ method: 'GET', url: '/api/transfer/it/dirs', token });
      expect(dirs.statusCode).toBe(403);
      expect(dirs.json()).toMatchObject({ errors: { generic: [expect.any(String)] } });
      // Reading the list needs no upload role.
      expect((await transfers(token)).length).toBe(0);
    }
    const admin = await createAlpha(t, {
      it: ['ROLE_ADMIN', 'ROLE_INVOICING'],
      transfer: ['ROLE_ADMIN'],
      common: ['ROLE_USER'],
    });
    const dirs = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs',
      token: admin.token,
    });
    expect(dirs.statusCode).toBe(200);
    const anonymous = await t.request({ method: 'GET', url: '/api/transfer/it/dirs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("uploads a sub-account's file into its manager's tree", async () => {
    const manager = await createAlpha(t, UPLOADER_ROLES);
    const sub = await t.createUser({ roles: UPLOADER_ROLES, parentId: manager.user.id });
    const [registry] = await t.db
      .insert(itBusinessRegistryConfigurations)
      .values({ ownerId: manager.user.id, fiscalId: X })
      .returning();
    await t.db
      .insert(itRegistrySubAccounts)
      .values({ registryUuid: registry!.uuid, subAccountId: sub.user.id });
    const response = await upload(
      sub.token,
      'filiale/IT01234567890_00200.xml',
      FPR01.replace('<Numero>123<', '<Numero>200<'),
    );
    expect(response.statusCode).toBe(202);
    await drainJobs(t);
    const [seen] = await transfers(manager.token);
    expect(seen).toMatchObject({ reference: 'filiale', invoice_number: '200', violations: null });
    const [invoice] = await t.db
      .select({ ownerId: itInvoices.ownerId })
      .from(itInvoices)
      .where(eq(itInvoices.uuid, seen?.invoice_uuid ?? ''));
    expect(invoice?.ownerId).toBe(manager.user.id);
    const dirs = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs',
      token: manager.token,
    });
    expect(dirs.json()).toEqual({ root_dir: '/', dirs: ['filiale'] });
  });

  it("refuses supplier-only accounts and hides another tenant's transfers", async () => {
    const supplierOnly = await createAlpha(t, {
      it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'],
      common: ['ROLE_USER'],
    });
    const refused = await t.request({
      method: 'GET',
      url: '/api/it/invoice-transfers',
      token: supplierOnly.token,
    });
    expect(refused.statusCode).toBe(403);

    const [mine] = await transfers(uploader.token);
    const other = await createAlpha(t, UPLOADER_ROLES);
    expect(await transfers(other.token)).toEqual([]);
    for (const url of [
      `/api/it/invoice-transfers/${mine?.uuid}`,
      `/api/it/invoice-transfers/${mine?.uuid}/download`,
    ]) {
      const response = await t.request({ method: 'GET', url, token: other.token });
      expect(response.statusCode, url).toBe(404);
    }
    const dirs = await t.request({
      method: 'GET',
      url: '/api/transfer/it/dirs',
      token: other.token,
    });
    expect(dirs.json()).toEqual({ root_dir: '/', dirs: [] });
    // Another tenant's upload reads as missing; so does an unknown one, and a malformed id is a 4xx.
    for (const uuid of [mine?.upload_uuid, '00000000-0000-4000-8000-000000000000']) {
      const progress = await t.request({
        method: 'GET',
        url: `/api/transfer/it/uploads/${uuid}`,
        token: other.token,
      });
      expect(progress.statusCode, uuid).toBe(404);
    }
    const malformed = await t.request({
      method: 'GET',
      url: '/api/transfer/it/uploads/not-a-uuid',
      token: uploader.token,
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    const badFilter = await t.request({
      method: 'GET',
      url: '/api/it/invoice-transfers?upload_uuid=not-a-uuid',
      token: uploader.token,
    });
    expect(badFilter.statusCode).toBeGreaterThanOrEqual(400);
    expect(badFilter.statusCode).toBeLessThan(500);
  });
});

describe('invoice transfers in the acting scope', () => {
  /** The owner's two uploads, one of each company, read and sent. */
  async function business() {
    const scope = await businessWithTwoCompanies(t);
    const xUpload = await upload(
      scope.owner.token,
      'clienti/alpha/IT01234567890_00301.xml',
      FPR01.replace('<Numero>123<', '<Numero>301<'),
    );
    const yUpload = await upload(
      scope.owner.token,
      'clienti/beta/IT09876543217_00302.xml',
      asIssuedByY(FPR01.replace('<Numero>123<', '<Numero>302<')),
    );
    expect([xUpload.statusCode, yUpload.statusCode]).toEqual([202, 202]);
    await drainJobs(t);
    const all = await transfers(scope.owner.token);
    const ofX = all.find((transfer) => transfer.supplier_fiscal_id === X)!;
    const ofY = all.find((transfer) => transfer.supplier_fiscal_id === Y)!;
    expect([ofX.invoice_number, ofY.invoice_number]).toEqual(['301', '302']);
    return { ...scope, ofX, ofY };
  }

  const get = (token: string, url: string, accept = 'application/json') =>
    t.request({ method: 'GET', url, token, headers: { accept } });
  const csv = async (token: string) => {
    const response = await get(token, '/api/it/invoice-transfers', 'text/csv');
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const dirs = async (token: string, prefix?: string) => {
    const url = `/api/transfer/it/dirs${prefix ? `?prefix=${encodeURIComponent(prefix)}` : ''}`;
    return get(token, url);
  };

  it('shows a linked sub-account its company and hides the other, in JSON, CSV and XML alike', async () => {
    const { owner, linked, ofX, ofY } = await business();
    expect((await transfers(owner.token)).map((row) => row.invoice_number).sort()).toEqual([
      '301',
      '302',
    ]);
    expect((await transfers(linked.token)).map((row) => row.uuid)).toEqual([ofX.uuid]);
    expect((await get(linked.token, `/api/it/invoice-transfers/${ofX.uuid}`)).statusCode).toBe(200);
    const xml = await get(linked.token, `/api/it/invoice-transfers/${ofX.uuid}/download`);
    expect(xml.statusCode).toBe(200);
    for (const url of [
      `/api/it/invoice-transfers/${ofY.uuid}`,
      `/api/it/invoice-transfers/${ofY.uuid}/download`,
    ]) {
      expect((await get(linked.token, url)).statusCode, url).toBe(404);
    }
    const rows = await csv(linked.token);
    expect(rows).toContain('301');
    expect(rows).not.toContain(Y);
    expect(rows).not.toContain('302');
    const ownerRows = await csv(owner.token);
    expect(ownerRows).toContain(Y);

    // The folder tree shows the way to its company's files only; the other folder is unknown.
    expect((await dirs(linked.token)).json()).toEqual({ root_dir: '/', dirs: ['clienti'] });
    expect((await dirs(linked.token, 'clienti')).json()).toEqual({
      root_dir: 'clienti',
      dirs: ['clienti/alpha'],
    });
    expect((await dirs(linked.token, 'clienti/beta')).statusCode).toBe(404);
    expect((await dirs(owner.token, 'clienti')).json()).toEqual({
      root_dir: 'clienti',
      dirs: ['clienti/alpha', 'clienti/beta'],
    });
    // The owner's uploads are the owner's: their progress reads as missing.
    const progress = await get(linked.token, `/api/transfer/it/uploads/${ofX.upload_uuid}`);
    expect(progress.statusCode).toBe(404);
  });

  it('shows an unlinked sub-account nothing', async () => {
    const { unlinked, ofX, ofY } = await business();
    expect(await transfers(unlinked.token)).toEqual([]);
    expect(await csv(unlinked.token)).not.toContain('301');
    for (const transfer of [ofX, ofY]) {
      for (const url of [
        `/api/it/invoice-transfers/${transfer.uuid}`,
        `/api/it/invoice-transfers/${transfer.uuid}/download`,
        `/api/transfer/it/uploads/${transfer.upload_uuid}`,
      ]) {
        expect((await get(unlinked.token, url)).statusCode, url).toBe(404);
      }
    }
    expect((await dirs(unlinked.token)).json()).toEqual({ root_dir: '/', dirs: [] });
    expect((await dirs(unlinked.token, 'clienti')).statusCode).toBe(404);
  });

  it("refuses a sub-account's upload of a company it may not act for, naming the fiscal id", async () => {
    const { linked, unlinked } = await business();
    const ofY = asIssuedByY(FPR01.replace('<Numero>123<', '<Numero>303<'));
    for (const login of [linked, unlinked]) {
      const refused = await upload(login.token, 'beta/IT09876543217_00303.xml', ofY);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json().detail).toContain(Y);
    }
    const before = await storedCounts();
    expect((await upload(unlinked.token, 'alpha/IT01234567890_00304.xml', FPR01)).statusCode).toBe(
      403,
    );
    expect(await storedCounts()).toEqual(before);

    const own = await upload(
      linked.token,
      'filiale/IT01234567890_00305.xml',
      FPR01.replace('<Numero>123<', '<Numero>305<'),
    );
    expect(own.statusCode).toBe(202);
    await drainJobs(t);
    const progress = await uploadProgress(linked.token, own.json<{ uuid: string }>().uuid);
    expect(progress).toMatchObject({ status: 'processed', sent: 1 });
    expect((await transfers(linked.token)).map((row) => row.invoice_number).sort()).toEqual([
      '301',
      '305',
    ]);
  });

  it('forgets an unlinked registry on the next request with the same token', async () => {
    const { owner, linked, ofX } = await business();
    expect(await transfers(linked.token)).toHaveLength(1);
    await linkRegistry(t, owner, X, linked, true);
    expect(await transfers(linked.token)).toEqual([]);
    expect((await get(linked.token, `/api/it/invoice-transfers/${ofX.uuid}`)).statusCode).toBe(404);
    expect(await csv(linked.token)).not.toContain('301');
    expect((await dirs(linked.token)).json()).toEqual({ root_dir: '/', dirs: [] });
    await linkRegistry(t, owner, Y, linked);
    expect((await transfers(linked.token)).map((row) => row.invoice_number)).toEqual(['302']);
  });
});
