import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itInvoices } from '../../../db/schema/index.ts';
import {
  createAlpha,
  drainJobs,
  getInvoice,
  sample,
  SAMPLES_DIR,
  sendXml,
} from '../it-test-kit.ts';
import { generatedInvoiceJson } from '../sdi-simulation/generated-invoice.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/it/invoices → SDI sandbox', () => {
  it("names an invoice's XML and PDF after its file: FatturaPA's name before SDI has it, then SDI's", async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>NAME-1</Numero>',
    );
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    const download = (accept: string) =>
      t.request({ method: 'GET', url: `/api/it/invoices/${uuid}`, token, headers: { accept } });
    // Waiting: SDI has not named it yet; the transmitter's code and ProgressivoInvio do.
    const waiting = await download('application/xml');
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['content-disposition']).toContain('IT01234567890_00001.xml');
    expect(waiting.headers['content-disposition']).not.toContain(uuid);
    expect((await download('application/pdf')).headers['content-disposition']).toContain(
      'IT01234567890_00001.pdf',
    );
    await drainJobs(t);
    const named = await getInvoice(t, token, uuid);
    const sent = await download('application/xml');
    expect(sent.headers['content-disposition']).toContain(String(named.sdi_file_name));
  });

  it('sends the official FPR01 sample and reaches delivered with a signed RC', async () => {
    const { token } = await createAlpha(t);
    const response = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    expect(response.statusCode).toBe(202);
    const { uuid } = response.json() as { uuid: string };
    expect((await getInvoice(t, token, uuid)).marking).toBe('waiting');
    await drainJobs(t);
    const invoice = await getInvoice(t, token, uuid);
    expect(invoice).toMatchObject({
      marking: 'delivered',
      invoiceNumber: '123',
      senderFormatted: "SOCIETA' ALPHA SRL",
      senderVatNumberFormatted: 'IT01234567890',
      transmission_format: 'FPR12',
    });
    const notifications = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${uuid}/notifications`,
      token,
    });
    const list = notifications.json() as {
      uuid: string;
      type: string;
      message: { lista_errori: unknown[]; identificativo_sdi: string };
    }[];
    expect(list.map((n) => n.type)).toEqual(['RC']);
    expect(list[0]?.message.lista_errori).toEqual([]);
    expect(list[0]?.message.identificativo_sdi).toBe(invoice.sdi_file_id);
    const xml = await t.request({
      method: 'GET',
      url: `/api/it/notifications/${list[0]?.uuid}`,
      token,
      headers: { accept: 'application/xml' },
    });
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toContain('RicevutaConsegna');
    expect(xml.body).toContain('ds:SignatureValue');
  });

  it('rejects a reused invoice number with NS 00404, then the fix is delivered', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>DUP-1</Numero>',
    );
    const first = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, first.uuid)).marking).toBe('delivered');

    const second = await sendXml(t, token, xml);
    expect(second.statusCode).toBe(202);
    const { uuid } = second.json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('rejected');
    const notifications = (
      await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/notifications`, token })
    ).json() as { type: string; message: { lista_errori: { Codice: string }[] } }[];
    expect(notifications[0]?.type).toBe('NS');
    expect(notifications[0]?.message.lista_errori.map((e) => e.Codice)).toContain('00404');
    const fixInfo = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${uuid}/fix-info`,
      token,
    });
    expect(fixInfo.json()).toEqual({ uuid, is_fixable: true });

    const fixedXml = xml.replace('<Numero>DUP-1</Numero>', '<Numero>DUP-2</Numero>');
    const fix = await sendXml(t, token, fixedXml, { 'x-fix-invoice-uuid': uuid });
    expect(fix.statusCode).toBe(202);
    const fixUuid = (fix.json() as { uuid: string }).uuid;
    await drainJobs(t);
    expect(await getInvoice(t, token, fixUuid)).toMatchObject({
      marking: 'delivered',
      fix_of_uuid: uuid,
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/fix-info`, token })).json(),
    ).toEqual({ uuid, is_fixable: false });
    // A second fix of the same invoice is refused.
    const again = await sendXml(t, token, fixedXml.replace('DUP-2', 'DUP-3'), {
      'x-fix-invoice-uuid': uuid,
    });
    expect(again.statusCode).toBe(422);
  });

  it('answers 400 with snake_case violations for a schema-invalid invoice and stores nothing', async () => {
    const { token, user } = await createAlpha(t);
    const broken = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Divisa>EUR</Divisa>',
      '<Divisa>EURO</Divisa>',
    );
    const response = await sendXml(t, token, broken);
    expect(response.statusCode).toBe(400);
    const body = response.json() as {
      violations: { propertyPath: string; code: string; message: string }[];
    };
    expect(body.violations[0]).toMatchObject({ code: '00200' });
    expect(body.violations[0]?.propertyPath).toMatch(
      /^fattura_elettronica_body\[0\]\.dati_generali\.dati_generali_documento\.divisa/,
    );
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
  });

  it('a missing field is a violation on that field, worded in it, en and pl (no libxml text)', async () => {
    const { token } = await createAlpha(t);
    const fpr01 = sample('official/v1.2.2/IT01234567890_FPR01.xml');
    const start = fpr01.indexOf('<IdCodice>', fpr01.indexOf('<CedentePrestatore>'));
    const end = fpr01.indexOf('</IdCodice>', start) + '</IdCodice>'.length;
    const missing = fpr01.slice(0, start) + fpr01.slice(end);
    const response = await sendXml(t, token, missing, {}, '/api/it/invoices/validate');
    expect(response.statusCode).toBe(400);
    const body = response.json() as { detail: string; violations: unknown[] };
    expect(body.violations).toEqual([
      expect.objectContaining({
        propertyPath:
          'fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice',
        code: '00200',
        messageKey: 'schema.missingElement',
        parameters: expect.objectContaining({ element: 'IdCodice' }),
        messages: {
          it: 'IdCodice è obbligatorio.',
          en: 'IdCodice is required.',
          pl: 'IdCodice jest wymagane.',
        },
      }),
    ]);
    expect(body.detail).not.toContain('Missing child');
  });

  it('refuses XXE, malformed XML and a too large body with 4xx and stores nothing', async () => {
    const { token, user } = await createAlpha(t);
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">&e;</p:FatturaElettronica>`;
    expect((await sendXml(t, token, xxe)).statusCode).toBe(400);
    expect((await sendXml(t, token, '<p:Fattura')).statusCode).toBe(400);
    const huge = await sendXml(t, token, `<x>${'a'.repeat(20 * 1024 * 1024)}</x>`);
    expect(huge.statusCode).toBe(413);
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: [1, 2],
    });
    expect(wrongType.statusCode).toBe(400);
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
  });

  it('accepts a JSON invoice, a base64 .p7m and a DER .p7m; refuses a tampered one', async () => {
    const { token } = await createAlpha(t);
    const invoice = generatedInvoiceJson({
      sellerVat: '01234567890',
      buyerVat: '12345678903',
      buyerName: 'GAMMA',
      recipientCode: 'ABC1234',
      number: 'JSON-1',
    });
    const json = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: invoice,
    });
    expect(json.statusCode, json.body).toBe(202);
    const stored = await getInvoice(t, token, (json.json() as { uuid: string }).uuid);
    expect(stored).toMatchObject({
      invoiceNumber: 'JSON-1',
      invoiceTotal: '122.00',
      signed: false,
    });

    const base64P7m = readFileSync(
      resolve(
        SAMPLES_DIR,
        'realworld/FatturaElettronica__FatturaElettronica.NET/IT02182030391_31.Base64.xml.p7m',
      ),
    );
    const signed = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: base64P7m,
      headers: { 'content-type': 'application/pkcs7-mime' },
    });
    expect(signed.statusCode, signed.body).toBe(202);
    expect(await getInvoice(t, token, (signed.json() as { uuid: string }).uuid)).toMatchObject({
      signed: true,
      transmission_format: 'FPR12',
    });

    const tampered = readFileSync(
      resolve(
        SAMPLES_DIR,
        'realworld/FatturaElettronica__FatturaElettronica.NET/IT02182030391_31_tampered.xml.p7m',
      ),
    );
    const refused = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: tampered,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('routes formats to their endpoint and validates without storing', async () => {
    const { token, user } = await createAlpha(t);
    const simplified = sample('official/semplificata/IT01234567890_FSM10.xml');
    const wrong = await sendXml(t, token, simplified);
    expect(wrong.statusCode).toBe(400);
    expect(
      (wrong.json() as { violations: { propertyPath: string }[] }).violations[0]?.propertyPath,
    ).toBe('fattura_elettronica_header.dati_trasmissione.formato_trasmissione');
    const valid = await sendXml(t, token, simplified, {}, '/api/it/invoices/simplified/validate');
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });
    const invalid = await sendXml(
      t,
      token,
      sample('official/v1.2.2/IT01234567890_FPR02.xml'),
      {},
      '/api/it/invoices/validate',
    );
    expect(invalid.statusCode).toBe(400);
    // Fixing needs ROLE_FIX_INVOICE; a fix of an unknown invoice is a 404.
    const noFixRole = await createAlpha(t, { it: ['ROLE_INVOICING'] });
    const fpr01 = sample('official/v1.2.2/IT01234567890_FPR01.xml');
    const fixHeader = { 'x-fix-invoice-uuid': '00000000-0000-4000-8000-000000000000' };
    expect((await sendXml(t, noFixRole.token, fpr01, fixHeader)).statusCode).toBe(403);
    expect((await sendXml(t, token, fpr01, fixHeader)).statusCode).toBe(404);
    expect((await sendXml(t, token, fpr01, { 'x-fix-invoice-uuid': 'nope' })).statusCode).toBe(400);
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
  });

  it('documents the invoice routes and headers in the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const post = document.paths['/api/it/invoices']?.post;
    expect(post?.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'x-sendasync',
        'x-fix-invoice-uuid',
        'x-disableendpoints',
        'x-extended-output',
        'x-printtheme',
      ]),
    );
    for (const path of [
      '/api/it/invoices/report',
      '/api/it/invoices/draft',
      '/api/it/customer-invoice-imports',
      '/api/it/invoices/stats/{year}',
      '/api/it/simulate/customer-notification/{type}/{invoiceUuid}',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });

  it('serves an attachment of the invoice by index', async () => {
    const { token } = await createAlpha(t);
    const invoice = generatedInvoiceJson({
      sellerVat: '01234567890',
      buyerVat: '12345678903',
      buyerName: 'GAMMA',
      recipientCode: 'ABC1234',
      number: 'ATT-1',
    });
    const pdf = Buffer.from('%PDF-1.4 attachment');
    const body = invoice.fattura_elettronica_body[0] as Record<string, unknown>;
    body.allegati = [
      {
        nome_attachment: 'ordine.pdf',
        formato_attachment: 'PDF',
        attachment: pdf.toString('base64'),
      },
    ];
    const created = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: invoice,
    });
    expect(created.statusCode, created.body).toBe(202);
    const uuid = (created.json() as { uuid: string }).uuid;
    const attachment = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${uuid}/attachments/0`,
      token,
      headers: { accept: 'application/pdf' },
    });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-type']).toBe('application/pdf');
    expect(attachment.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/attachments/1`, token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/attachments/-1`, token }))
        .statusCode,
    ).toBe(400);
  });
});
