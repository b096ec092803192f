import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itInvoices } from '../../../db/schema/index.ts';
import { createAlpha, drainJobs, getInvoice, sample, sendXml } from '../it-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/it/invoices → SDI sandbox', () => {
  it('sends the official FPR01 sample and reaches delivered with a signed RC', async () => {
    const { token } = await createAlpha(t);
    const response = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    expect(response.statusCode).toBe(202);
    const { uuid } = response.json() as { uuid: string };
    expect((await getInvoice(t, token, uuid)).marking).toBe('waiting');
    await drainJobs(t);
    const invoice = await getInvoice(t, token, uuid);
    expect(invoice).toMatchObject({ marking: 'delivered', invoiceNumber: '123', senderFormatted: 'ALPHA SRL', senderVatNumberFormatted: 'IT01234567890', transmission_format: 'FPR12' });
    const notifications = await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/notifications`, token });
    const list = notifications.json() as { uuid: string; type: string; message: { lista_errori: unknown[]; identificativo_sdi: string } }[];
    expect(list.map((n) => n.type)).toEqual(['RC']);
    expect(list[0]?.message.lista_errori).toEqual([]);
    expect(list[0]?.message.identificativo_sdi).toBe(invoice.sdi_file_id);
    const xml = await t.request({ method: 'GET', url: `/api/it/notifications/${list[0]?.uuid}`, token, headers: { accept: 'application/xml' } });
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toContain('RicevutaConsegna');
    expect(xml.body).toContain('ds:SignatureValue');
  });

  it('rejects a reused invoice number with NS 00404, then the fix is delivered', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace('<Numero>123</Numero>', '<Numero>DUP-1</Numero>');
    const first = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, first.uuid)).marking).toBe('delivered');

    const second = await sendXml(t, token, xml);
    expect(second.statusCode).toBe(202);
    const { uuid } = second.json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('rejected');
    const notifications = (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/notifications`, token })).json() as { type: string; message: { lista_errori: { Codice: string }[] } }[];
    expect(notifications[0]?.type).toBe('NS');
    expect(notifications[0]?.message.lista_errori.map((e) => e.Codice)).toContain('00404');
    const fixInfo = await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/fix-info`, token });
    expect(fixInfo.json()).toEqual({ uuid, is_fixable: true });

    const fixedXml = xml.replace('<Numero>DUP-1</Numero>', '<Numero>DUP-2</Numero>');
    const fix = await sendXml(t, token, fixedXml, { 'x-fix-invoice-uuid': uuid });
    expect(fix.statusCode).toBe(202);
    const fixUuid = (fix.json() as { uuid: string }).uuid;
    await drainJobs(t);
    expect(await getInvoice(t, token, fixUuid)).toMatchObject({ marking: 'delivered', fix_of_uuid: uuid });
    expect((await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/fix-info`, token })).json()).toEqual({ uuid, is_fixable: false });
    // A second fix of the same invoice is refused.
    const again = await sendXml(t, token, fixedXml.replace('DUP-2', 'DUP-3'), { 'x-fix-invoice-uuid': uuid });
    expect(again.statusCode).toBe(422);
  });

  it('answers 400 with snake_case violations for a schema-invalid invoice and stores nothing', async () => {
    const { token, user } = await createAlpha(t);
    const broken = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace('<Divisa>EUR</Divisa>', '<Divisa>EURO</Divisa>');
    const response = await sendXml(t, token, broken);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { violations: { propertyPath: string; code: string; message: string }[] };
    expect(body.violations[0]).toMatchObject({ code: '00200' });
    expect(body.violations[0]?.propertyPath).toMatch(/^fattura_elettronica_body\[0\]\.dati_generali\.dati_generali_documento\.divisa/);
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
  });

  it('refuses XXE, malformed XML and a too large body with 4xx and stores nothing', async () => {
    const { token, user } = await createAlpha(t);
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">&e;</p:FatturaElettronica>`;
    expect((await sendXml(t, token, xxe)).statusCode).toBe(400);
    expect((await sendXml(t, token, '<p:Fattura')).statusCode).toBe(400);
    const huge = await sendXml(t, token, `<x>${'a'.repeat(20 * 1024 * 1024)}</x>`);
    expect(huge.statusCode).toBe(413);
    const wrongType = await t.request({ method: 'POST', url: '/api/it/invoices', token, payload: [1, 2] });
    expect(wrongType.statusCode).toBe(400);
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
  });
});
