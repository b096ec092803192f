import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { generatedInvoiceJson } from '../sdi-simulation/generated-invoice.ts';
import { businessWithTwoCompanies } from '../acting-scope-test-kit.ts';
import { createAlpha, drainJobs, sample, sendXml, unzip } from '../it-test-kit.ts';

let t: TestApp;
let alpha: { token: string };
const uuids: Record<string, string> = {};

type Collection = {
  'hydra:totalItems': number;
  'hydra:member': {
    uuid: string;
    invoiceNumber: string;
    marking: string;
    notifications?: { type: string }[];
  }[];
};

async function list(query: string, token = alpha.token): Promise<Collection> {
  const response = await t.request({
    method: 'GET',
    url: `/api/it/invoices?${query}`,
    token,
    headers: { accept: 'application/ld+json' },
  });
  expect(response.statusCode, response.body).toBe(202 - 2);
  return response.json() as Collection;
}

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  alpha = await createAlpha(t);
  const send = async (key: string, body: object | string) => {
    const response =
      typeof body === 'string'
        ? await sendXml(t, alpha.token, body)
        : await t.request({
            method: 'POST',
            url: '/api/it/invoices',
            token: alpha.token,
            payload: body,
          });
    expect(response.statusCode, response.body).toBe(202);
    uuids[key] = (response.json() as { uuid: string }).uuid;
    await drainJobs(t);
  };
  await send('fpr01', sample('official/v1.2.2/IT01234567890_FPR01.xml'));
  await send('fpa01', sample('official/v1.2.2/IT01234567890_FPA01.xml'));
  await send(
    'formula',
    generatedInvoiceJson({
      sellerVat: '01234567890',
      sellerName: '=HYPERLINK("http://evil")',
      buyerVat: '12345678903',
      buyerName: '@SUM(A1)',
      recipientCode: 'ABC1234',
      number: 'F-2026-1',
      date: '2026-01-15',
    }),
  );
  await send(
    'rejected',
    generatedInvoiceJson({
      sellerVat: '01234567890',
      sellerName: 'ALPHA SRL',
      buyerVat: '12345678903',
      buyerName: 'GAMMA',
      recipientCode: 'INA0001',
      number: 'R-2026-1',
      date: '2026-02-01',
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/it/invoices', () => {
  it('lists the caller customer invoices as hydra with derived fields and filters', async () => {
    expect((await list('type=0'))['hydra:totalItems']).toBe(4);
    expect((await list(`uuid=${uuids.fpr01}`))['hydra:member'].map((i) => i.invoiceNumber)).toEqual(
      ['123'],
    );
    expect((await list('marking[]=rejected&marking[]=delivered-pa'))['hydra:totalItems']).toBe(2);
    expect((await list('toPa=1'))['hydra:member'].map((i) => i.uuid)).toEqual([uuids.fpa01]);
    expect((await list('toPa=0&stamp='))['hydra:totalItems']).toBe(3);
    expect(
      (
        await list('invoiceDate[after]=2026-01-01 00:00:00&invoiceDate[before]=2026-01-31 23:59:59')
      )['hydra:member'].map((i) => i.invoiceNumber),
    ).toEqual(['F-2026-1']);
    expect((await list('recipient.fiscalId=12345678903'))['hydra:totalItems']).toBe(2);
    expect((await list('recipient.fiscalId=IT12345678903'))['hydra:totalItems']).toBe(2);
    expect((await list('sender.businessName=hyperlink'))['hydra:totalItems']).toBe(1);
    expect((await list('rejectedToFix=1'))['hydra:member'].map((i) => i.uuid)).toEqual([
      uuids.rejected,
    ]);
    expect(
      (await list('order[invoiceDate]=desc'))['hydra:member'].map((i) => i.invoiceNumber),
    ).toEqual(['R-2026-1', 'F-2026-1', '123', '123']);
    expect((await list('type=1'))['hydra:totalItems']).toBe(0);
  });

  it('adds notifications with X-Extended-Output and answers bad filters with 400', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/it/invoices?uuid=${uuids.fpr01}`,
      token: alpha.token,
      headers: { 'x-extended-output': 'true' },
    });
    expect(
      (response.json() as { notifications: { type: string }[] }[])[0]?.notifications?.map(
        (n) => n.type,
      ),
    ).toEqual(['RC']);
    for (const bad of [
      'marking=unknown',
      'createdAt[after]=yesterday',
      'downloaded=maybe',
      'order[invoiceDate]=up',
      'type=2',
      'page=0',
    ]) {
      const bad400 = await t.request({
        method: 'GET',
        url: `/api/it/invoices?${bad}`,
        token: alpha.token,
      });
      expect(bad400.statusCode, bad).toBe(400);
    }
  });

  it('sets invoices as downloaded and filters on it', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/it/invoices/downloaded',
      token: alpha.token,
      payload: { uuids: [uuids.fpr01, uuids.fpa01], downloaded: true },
    });
    expect(response.json()).toEqual({ updated: 2 });
    expect((await list('downloaded=1'))['hydra:totalItems']).toBe(2);
    expect((await list('downloaded=false'))['hydra:totalItems']).toBe(2);
  });

  it('exports the CSV report with formula cells escaped', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/it/invoices/report?type=0',
      token: alpha.token,
      headers: { accept: 'text/csv' },
    });
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(response.body).toContain(`'@SUM(A1)`);
    expect(response.body).not.toMatch(/(^|,)[=@]/m);
  });

  it('CSV exports open in an Italian or Polish spreadsheet: BOM, ";" and decimal commas', async () => {
    const report = (query: string, language?: string) =>
      t.request({
        method: 'GET',
        url: `/api/it/invoices/report?type=0${query}`,
        token: alpha.token,
        headers: { accept: 'text/csv', ...(language ? { 'accept-language': language } : {}) },
      });
    const italian = await report('', 'it-IT,it;q=0.9,en;q=0.8');
    expect(italian.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = italian.body.slice(1).trim().split('\r\n');
    expect(header?.startsWith('uuid;created_at;marking;')).toBe(true);
    const totalColumn = header!.split(';').indexOf('invoice_total');
    const totals = rows.map((row) => row.split(';')[totalColumn]).filter(Boolean);
    expect(totals.length).toBeGreaterThan(0);
    for (const total of totals) expect(total).toMatch(/^-?\d+,\d+$/);

    const polish = await report('', 'pl');
    expect(polish.body.slice(1).startsWith('uuid;created_at;')).toBe(true);
    const english = await report('', 'en-GB,en');
    expect(english.body.slice(1).startsWith('uuid,created_at,')).toBe(true);
    const chosen = await report('&separator=%3B', 'en-US');
    expect(chosen.body.slice(1).startsWith('uuid;created_at;')).toBe(true);
    const comma = await report('&separator=comma', 'it');
    expect(comma.body.slice(1).startsWith('uuid,created_at,')).toBe(true);
    expect((await report('&separator=tab')).statusCode).toBe(400);

    const page = await t.request({
      method: 'GET',
      url: '/api/it/invoices?type=0&separator=semicolon',
      token: alpha.token,
      headers: { accept: 'text/csv' },
    });
    expect(page.body.slice(1).startsWith('uuid;created_at;')).toBe(true);
  });

  it('downloads a page as zip (CSV index + XML, or PDFs) and one invoice as xml, pdf and html', async () => {
    const zip = await t.request({
      method: 'GET',
      url: '/api/it/invoices?type=0&itemsPerPage=2&page=1',
      token: alpha.token,
      headers: { accept: 'application/zip' },
    });
    expect(zip.headers['content-disposition']).toContain('customer_invoices_1.zip');
    const files = unzip(zip.rawPayload);
    expect([...files.keys()].filter((name) => name.endsWith('.xml'))).toHaveLength(2);
    expect(files.get('index.csv')?.toString().trim().split('\r\n')).toHaveLength(3);

    const pdfZip = await t.request({
      method: 'GET',
      url: `/api/it/invoices?uuid=${uuids.fpr01}`,
      token: alpha.token,
      headers: { accept: 'application/zip', 'x-print-pdf': 'true' },
    });
    const pdfs = [...unzip(pdfZip.rawPayload).entries()].filter(([name]) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]?.[1].subarray(0, 5).toString()).toBe('%PDF-');

    const metadataZip = await t.request({
      method: 'GET',
      url: `/api/it/invoices?uuid=${uuids.fpr01}`,
      token: alpha.token,
      headers: { accept: 'application/zip', 'x-zip-content': 'metadata' },
    });
    const metadata = [...unzip(metadataZip.rawPayload).entries()].filter(([name]) =>
      name.endsWith('.json'),
    );
    expect(JSON.parse(metadata[0]?.[1].toString() ?? '{}')).toMatchObject({
      uuid: uuids.fpr01,
      invoiceNumber: '123',
    });

    const xml = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${uuids.fpr01}`,
      token: alpha.token,
      headers: { accept: 'application/xml' },
    });
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toContain('<Numero>123</Numero>');
    const pdf = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${uuids.fpr01}`,
      token: alpha.token,
      headers: { accept: 'application/pdf', 'x-printtheme': 'compact' },
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const html = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${uuids.fpr01}`,
      token: alpha.token,
      headers: { accept: 'text/html' },
    });
    expect(html.body).toMatch(/<html/i);
  });

  it('archives a rejected invoice as solved', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/it/invoices/${uuids.rejected}/archive-rejected`,
      token: alpha.token,
    });
    expect(response.json()).toMatchObject({ archived: true, marking: 'rejected' });
    expect((await list('rejectedToFix=1'))['hydra:totalItems']).toBe(0);
    // The list (with the console's properties) shows it archived, and filters on it.
    const solved = await list(
      'type=0&archived=1&properties[]=uuid&properties[]=marking&properties[]=archived',
    );
    expect(solved['hydra:member']).toEqual([
      { uuid: uuids.rejected, marking: 'rejected', archived: true },
    ]);
    expect(
      (await list('type=0&archived=0'))['hydra:member'].map((item: { uuid: string }) => item.uuid),
    ).not.toContain(uuids.rejected);
    const delivered = await t.request({
      method: 'PUT',
      url: `/api/it/invoices/${uuids.fpr01}/archive-rejected`,
      token: alpha.token,
    });
    expect(delivered.statusCode).toBe(409);
  });

  it('isolates tenants: another account gets 404 and an empty list; roles are checked', async () => {
    const other = await createAlpha(t);
    expect((await list('type=0', other.token))['hydra:totalItems']).toBe(0);
    for (const url of [
      `/api/it/invoices/${uuids.fpr01}`,
      `/api/it/invoices/${uuids.fpr01}/notifications`,
      `/api/it/invoices/${uuids.fpr01}/fix-info`,
    ]) {
      expect((await t.request({ method: 'GET', url, token: other.token })).statusCode, url).toBe(
        404,
      );
    }
    const marked = await t.request({
      method: 'POST',
      url: '/api/it/invoices/downloaded',
      token: other.token,
      payload: { uuids: [uuids.fpr01], downloaded: false },
    });
    expect(marked.json()).toEqual({ updated: 0 });

    const supplierOnly = await t.createUser({
      roles: { it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'] },
    });
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/it/invoices?type=0',
          token: supplierOnly.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await sendXml(t, supplierOnly.token, sample('official/v1.2.2/IT01234567890_FPR01.xml')))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/it/invoices?type=1',
          token: supplierOnly.token,
        })
      ).statusCode,
    ).toBe(200);
    const noIt = await t.createUser({ roles: { common: ['ROLE_USER'] } });
    expect(
      (await t.request({ method: 'GET', url: '/api/it/invoices', token: noIt.token })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/it/invoices' })).statusCode).toBe(401);

    // A sub-account works on its business's invoices of the companies linked to it only.
    const business = await businessWithTwoCompanies(t);
    const sent = await sendXml(
      t,
      business.owner.token,
      sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
        '<Numero>123</Numero>',
        '<Numero>SUB-1</Numero>',
      ),
    );
    const uuid = (sent.json() as { uuid: string }).uuid;
    const read = async (token: string) =>
      (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}`, token })).statusCode;
    expect(await read(business.linked.token)).toBe(200);
    expect(await read(business.unlinked.token)).toBe(404);
  });
});
