import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseDisposition } from 'content-disposition';
import { repoRoot } from '../../src/config.ts';
import { itInvoices } from '../../src/db/schema/index.ts';
import {
  ALL_IT_ROLES,
  createAlpha,
  sample,
  sendXml,
  unzip as localEntries,
} from '../../src/services/it/it-test-kit.ts';
import type { TestApp } from '../test-app.ts';
import { createTestApp } from '../test-app.ts';

/**
 * Hostile documents (issue 17): element names that made the name conversion quadratic, XML
 * nested 10,000 deep, lone surrogates, imports the schema refuses, hostile file names in
 * imports, zip entries and download headers, and .p7m envelopes broken after their content.
 * Each is a 4xx with the engine's finding, never a 500, and nothing is stored.
 */

const FPR01 = sample('official/v1.2.2/IT01234567890_FPR01.xml');
const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

/** The official FPR01 with `inner` as the first child of DatiTrasmissione. */
function inDatiTrasmissione(inner: string): string {
  return FPR01.replace('<DatiTrasmissione>', `<DatiTrasmissione>${inner}`);
}

function withDenominazione(text: string): string {
  return FPR01.replace(
    /<Denominazione>[^<]*<\/Denominazione>/,
    `<Denominazione>${text}</Denominazione>`,
  );
}

let t: TestApp;
let token: string;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  const alpha = await createAlpha(t, {
    common: ['ROLE_USER'],
    it: ALL_IT_ROLES,
    preservation: ['ROLE_USER'],
  });
  token = alpha.token;
  ownerId = alpha.user.id;
});
afterAll(async () => {
  await t?.close();
});

type Violation = { propertyPath: string; code: string; message: string };

function violationsOf(response: LightMyRequestResponse, status: number): Violation[] {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return response.json<{ violations?: Violation[] }>().violations ?? [];
}

function codes(violations: Violation[]): string[] {
  return [...new Set(violations.map((violation) => violation.code))];
}

async function storedCount(): Promise<number> {
  return (await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, ownerId))).length;
}

/** The same XML through every route that reads an invoice file: the status and codes of each. */
async function throughEveryRoute(xml: string): Promise<Record<string, [number, string[]]>> {
  const results: Record<string, [number, string[]]> = {};
  const record = (name: string, response: LightMyRequestResponse) => {
    const body = response.json<{ violations?: Violation[] }>();
    results[name] = [response.statusCode, codes(body.violations ?? [])];
  };
  record('validate', await sendXml(t, token, xml, {}, '/api/it/invoices/validate'));
  record('send', await sendXml(t, token, xml));
  record('draft', await sendXml(t, token, xml, {}, '/api/it/invoices/draft'));
  const draft = await sendXml(t, token, FPR01, {}, '/api/it/invoices/draft');
  expect(draft.statusCode, draft.body).toBe(201);
  const draftUuid = draft.json<{ uuid: string }>().uuid;
  record(
    'draft update',
    await t.request({
      method: 'PUT',
      url: `/api/it/invoices/draft/${draftUuid}`,
      token,
      payload: xml,
      headers: { 'content-type': 'application/xml' },
    }),
  );
  await t.request({ method: 'DELETE', url: `/api/it/invoices/draft/${draftUuid}`, token });
  record(
    'customer import',
    await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: { invoice: base64(xml), invoice_file_name: 'IT01234567890_00001.xml', sdi_id: '1' },
    }),
  );
  record(
    'supplier import',
    await t.request({
      method: 'POST',
      url: '/api/it/supplier-invoice-imports',
      token,
      payload: { invoice: base64(xml), invoice_file_name: 'IT01234567890_00001.xml', sdi_id: '1' },
    }),
  );
  return results;
}

function refusedEverywhere(code: string): Record<string, [number, string[]]> {
  return {
    validate: [400, [code]],
    send: [400, [code]],
    draft: [400, [code]],
    'draft update': [400, [code]],
    'customer import': [422, [code]],
    'supplier import': [422, [code]],
  };
}

describe('element names, depth and characters', () => {
  it('a 150,000-character element name in DatiTrasmissione is refused by every route', async () => {
    const before = await storedCount();
    const xml = inDatiTrasmissione(`<${'N'.repeat(150_000)}/>`);
    expect(await throughEveryRoute(xml)).toEqual(refusedEverywhere('xml-name-too-long'));
    expect(await storedCount()).toBe(before);
  });

  // The former conversion took more than 17 minutes on this one, far past the test's timeout.
  it('a 1,000,000-character element name is refused by the draft route', async () => {
    const xml = inDatiTrasmissione(`<${'N'.repeat(1_000_000)}/>`);
    const response = await sendXml(t, token, xml, {}, '/api/it/invoices/draft');
    expect(codes(violationsOf(response, 400))).toEqual(['xml-name-too-long']);
  });

  it('XML nested 10,000 levels deep is refused by every route', async () => {
    const before = await storedCount();
    const xml = inDatiTrasmissione(`${'<A>'.repeat(10_000)}${'</A>'.repeat(10_000)}`);
    expect(await throughEveryRoute(xml)).toEqual(refusedEverywhere('xml-too-deep'));
    expect(await storedCount()).toBe(before);
  });

  it('a lone surrogate (&#xD800;) is refused by every route', async () => {
    const before = await storedCount();
    expect(await throughEveryRoute(withDenominazione('ALPHA &#xD800; SRL'))).toEqual(
      refusedEverywhere('xml-malformed'),
    );
    expect(await storedCount()).toBe(before);
  });

  it('a lone surrogate in a JSON draft is refused, not written to jsonb', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/it/invoices/draft',
      token,
      headers: { 'content-type': 'application/json' },
      payload: `{"fattura_elettronica_header":{"dati_trasmissione":{"progressivo_invio":"\\ud800"}}}`,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('imports are validated like the send route', () => {
  it.each([
    ['a 1 MB Denominazione', withDenominazione('A'.repeat(1024 * 1024))],
    ['an unknown element', inDatiTrasmissione('<Sconosciuto>1</Sconosciuto>')],
    [
      'an XInclude element',
      inDatiTrasmissione(
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>',
      ),
    ],
  ])('%s: refused with the findings of the send route', async (_name, xml) => {
    const before = await storedCount();
    const sentResponse = await sendXml(t, token, xml);
    const sent = violationsOf(sentResponse, 400);
    expect(codes(sent)).toEqual(['00200']);
    // A refused 1 MB value is not echoed back (propertyContent stops at a screenful).
    expect(sentResponse.body.length).toBeLessThan(20_000);
    for (const url of ['/api/it/customer-invoice-imports', '/api/it/supplier-invoice-imports']) {
      const response = await t.request({
        method: 'POST',
        url,
        token,
        payload: {
          invoice: base64(xml),
          invoice_file_name: 'IT01234567890_00001.xml',
          sdi_id: '1',
        },
      });
      const imported = violationsOf(response, 422);
      expect(imported.map(({ code, message }) => ({ code, message }))).toEqual(
        sent.map(({ code, message }) => ({ code, message })),
      );
      expect(imported.map((violation) => violation.propertyPath)).toEqual(
        sent.map((violation) => `invoice.${violation.propertyPath}`),
      );
      expect(response.body).not.toContain('root:');
      expect(response.body.length).toBeLessThan(20_000);
    }
    expect(await storedCount()).toBe(before);
  });

  it('SDI content checks apply too, except to an invoice SDI rejected (NS)', async () => {
    // 00423: PrezzoTotale is not PrezzoUnitario × Quantita.
    const wrongTotal = FPR01.replace(
      '<PrezzoTotale>5.00</PrezzoTotale>',
      '<PrezzoTotale>6.00</PrezzoTotale>',
    );
    expect(wrongTotal).not.toBe(FPR01);
    const supplier = await t.request({
      method: 'POST',
      url: '/api/it/supplier-invoice-imports',
      token,
      payload: {
        invoice: base64(wrongTotal),
        invoice_file_name: 'IT01234567890_00002.xml',
        sdi_id: '2',
      },
    });
    expect(codes(violationsOf(supplier, 422))).toContain('00423');
    const rejected = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: {
        invoice: base64(wrongTotal),
        notifications: { NS: base64(sample('notifications/IT01234567890_11111_NS_001.xml')) },
      },
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
  });
});

describe('file names', () => {
  const hostileNames = [
    '../../../../etc/passwd',
    'C:\\Windows\\win.ini',
    'IT01234567890_00001.xml\r\nX-Injected: 1',
    'IT01234567890_00001.zip',
    '日本.xml',
  ];

  it.each(hostileNames)('an import named %j is refused (00001), nothing stored', async (name) => {
    const before = await storedCount();
    for (const url of ['/api/it/customer-invoice-imports', '/api/it/supplier-invoice-imports']) {
      const response = await t.request({
        method: 'POST',
        url,
        token,
        payload: { invoice: base64(FPR01), invoice_file_name: name, sdi_id: '9' },
      });
      expect(violationsOf(response, 422)).toEqual([
        expect.objectContaining({ propertyPath: 'invoice_file_name', code: '00001' }),
      ]);
    }
    expect(await storedCount()).toBe(before);
  });

  it('SDI names are accepted, signed or not', async () => {
    for (const name of [
      'IT01234567890_00003.xml',
      'IT01234567890_FPR01.xml.p7m',
      'it01234567890_a1.XML',
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/it/supplier-invoice-imports',
        token,
        payload: { invoice: base64(FPR01), invoice_file_name: name, sdi_id: '10' },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
    }
  });

  /** Rows stored before imports checked their names: the downloads must still be safe. */
  async function storeLegacy(sdiFileName: string, payload: unknown = {}) {
    const [row] = await t.db
      .insert(itInvoices)
      .values({
        ownerId,
        type: 0,
        transmissionFormat: 'FPR12',
        marking: 'delivered',
        xml: FPR01,
        payload,
        senderVat: 'IT01234567890',
        sdiFileName,
      })
      .returning();
    return row!;
  }

  /** Entry names of a zip, from its central directory (what unzip tools go by). */
  function centralDirectoryNames(zip: Buffer): string[] {
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const count = zip.readUInt16LE(end + 10);
    let offset = zip.readUInt32LE(end + 16);
    const names: string[] = [];
    for (let index = 0; index < count; index += 1) {
      expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
      const nameLength = zip.readUInt16LE(offset + 28);
      const extra = zip.readUInt16LE(offset + 30);
      const comment = zip.readUInt16LE(offset + 32);
      names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
      offset += 46 + nameLength + extra + comment;
    }
    return names;
  }

  it('the zip export holds only safe base names, wherever it is unpacked', async () => {
    const legacy = [];
    for (const name of [...hostileNames, '..', 'CON.xml']) legacy.push(await storeLegacy(name));
    const response = await t.request({
      method: 'GET',
      url: '/api/it/invoices?type=0&itemsPerPage=100&page=1',
      token,
      headers: { accept: 'application/zip' },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const zip = response.rawPayload;
    const names = centralDirectoryNames(zip);
    expect([...localEntries(zip).keys()]).toEqual(names);
    for (const row of legacy) {
      expect(names.filter((name) => name.includes(row.uuid))).toHaveLength(1);
    }
    for (const name of names) {
      expect(name).not.toMatch(/[/\\:\r\n]|^\.|\.\.|^CON\./);
    }
    expect(names).toContain(`passwd_${legacy[0]!.uuid}.xml`);
    expect(names).toContain(`win.ini_${legacy[1]!.uuid}.xml`);

    const unzip = spawnSync('unzip', ['-v']);
    if (unzip.status === 0) {
      // Unpacked into a folder inside another: nothing may land outside the inner one.
      const outer = mkdtempSync(join(tmpdir(), 'fiscus-zip-'));
      try {
        const inner = join(outer, 'export');
        const file = join(outer, 'export.zip');
        writeFileSync(file, zip);
        // A UTF-8 locale: unzip decodes the entries' UTF-8 names (flag 0x800) only under one.
        const unpacked = spawnSync('unzip', ['-q', '-o', file, '-d', inner], {
          env: { ...process.env, LC_ALL: 'C.UTF-8' },
        });
        expect(unpacked.status, unpacked.stderr.toString()).toBe(0);
        expect(readdirSync(outer).sort()).toEqual(['export', 'export.zip']);
        expect(readdirSync(inner).sort()).toEqual([...names].sort());
        expect(readFileSync(join(inner, `passwd_${legacy[0]!.uuid}.xml`), 'utf8')).toBe(FPR01);
      } finally {
        rmSync(outer, { recursive: true, force: true });
      }
    }
    await t.db.delete(itInvoices).where(eq(itInvoices.ownerId, ownerId));
  });
});

describe('download headers', () => {
  async function storeRow(sdiFileName: string, payload: unknown = {}) {
    const [row] = await t.db
      .insert(itInvoices)
      .values({
        ownerId,
        type: 0,
        transmissionFormat: 'FPR12',
        marking: 'delivered',
        xml: FPR01,
        payload,
        senderVat: 'IT01234567890',
        sdiFileName,
      })
      .returning();
    return row!;
  }

  function filenameOf(response: LightMyRequestResponse): string | undefined {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const header = response.headers['content-disposition'];
    expect(typeof header).toBe('string');
    // Latin-1 at most on the wire: the Unicode name travels encoded in filename*.
    expect(String(header)).toMatch(/^[\x20-\x7e]*$/);
    return parseDisposition(String(header)).parameters.filename;
  }

  it('an invoice named 日本.xml downloads as XML and PDF with its name intact', async () => {
    const row = await storeRow('日本.xml');
    const xml = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${row.uuid}`,
      token,
      headers: { accept: 'application/xml' },
    });
    expect(filenameOf(xml)).toBe('日本.xml');
    expect(String(xml.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%E6%97%A5%E6%9C%AC.xml",
    );
    const pdf = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${row.uuid}`,
      token,
      headers: { accept: 'application/pdf' },
    });
    expect(filenameOf(pdf)).toBe('日本.pdf');
  });

  it('an attachment named 日本€.pdf downloads with its name; a path-like one as a base name', async () => {
    const row = await storeRow('IT01234567890_00009.xml', {
      fattura_elettronica_body: [
        {
          allegati: [
            { nome_attachment: '日本€.pdf', formato_attachment: 'PDF', attachment: 'JVBERi0xLjQK' },
            { nome_attachment: '..\\..\\boot.ini\r\n', attachment: 'AAAA' },
          ],
        },
      ],
    });
    const first = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${row.uuid}/attachments/0`,
      token,
    });
    expect(filenameOf(first)).toBe('日本€.pdf');
    expect(first.rawPayload.toString()).toBe('%PDF-1.4\n');
    const second = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${row.uuid}/attachments/1`,
      token,
    });
    expect(filenameOf(second)).toBe('boot.ini__');
  });

  it("a preserved invoice's original downloads with its name intact", async () => {
    const row = await storeRow('日本.xml');
    const preserved = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${row.uuid}/preserve`,
      token,
    });
    expect(preserved.statusCode, preserved.body).toBe(202);
    const document = preserved.json<{ uuid: string }>();
    const original = await t.request({
      method: 'GET',
      url: `/api/preservation/preserved-documents/it/customer-invoice/${document.uuid}/original-document`,
      token,
    });
    expect(filenameOf(original)).toBe('日本.xml');
    expect(original.body).toBe(FPR01);
  });
});

describe('.p7m envelopes signed in streaming mode', () => {
  const envelope = readFileSync(
    resolve(repoRoot, 'packages/fatturapa/test/fixtures/p7m/IT01234567890_FPR01.streamed.xml.p7m'),
  );

  function send(body: Buffer) {
    return t.request({
      method: 'POST',
      url: '/api/it/invoices/validate',
      token,
      payload: body,
      headers: { 'content-type': 'application/pkcs7-mime' },
    });
  }

  it('the intact envelope is valid', async () => {
    const response = await send(envelope);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    [
      'a malformed final end-of-contents',
      Buffer.concat([envelope.subarray(0, -1), Buffer.from([1])]),
    ],
    ['trailing garbage', Buffer.concat([envelope, Buffer.from([1, 2, 3])])],
    ['truncated', envelope.subarray(0, -2)],
  ])('%s: 00106 through validate, send, drafts and imports', async (_name, broken) => {
    const before = await storedCount();
    expect(codes(violationsOf(await send(broken), 400))).toEqual(['00106']);
    const sent = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: broken,
      headers: { 'content-type': 'application/pkcs7-mime' },
    });
    expect(codes(violationsOf(sent, 400))).toEqual(['00106']);
    const draft = await t.request({
      method: 'POST',
      url: '/api/it/invoices/draft',
      token,
      payload: broken,
      headers: { 'content-type': 'application/pkcs7-mime' },
    });
    expect(codes(violationsOf(draft, 400))).toEqual(['00106']);
    const imported = await t.request({
      method: 'POST',
      url: '/api/it/supplier-invoice-imports',
      token,
      payload: {
        invoice: base64(broken),
        invoice_file_name: 'IT01234567890_00001.xml.p7m',
        sdi_id: '1',
      },
    });
    expect(codes(violationsOf(imported, 422))).toEqual(['00106']);
    expect(await storedCount()).toBe(before);
  });
});
