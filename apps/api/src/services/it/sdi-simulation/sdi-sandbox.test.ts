import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { generatedInvoiceJson } from './generated-invoice.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

type Notification = {
  uuid: string;
  type: string;
  message: { esito_committente: { esito: string } | null; lista_errori: { Codice: string }[] };
};

async function notificationsOf(token: string, uuid: string): Promise<Notification[]> {
  return (
    await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/notifications`, token })
  ).json() as Notification[];
}

function simulate(
  token: string,
  type: string,
  uuid: string,
  payload: Record<string, unknown> = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/it/simulate/customer-notification/${type}/${uuid}`,
    token,
    payload,
  });
}

describe('SDI sandbox flows', () => {
  it('delivers every official sample (v1.2.2 except the invalid FPR02, and FSM10) unchanged', async () => {
    const { token } = await createAlpha(t);
    const files = readdirSync(resolve(SAMPLES_DIR, 'official/v1.2.2'))
      // FPR02 is schema-invalid as published and FPR03's first body sums lines of 25.00 into an
      // ImponibileImporto of 27.00: SDI refuses both (00200, 00422), see the next test.
      .filter((name) => !name.includes('FPR02') && !name.includes('FPR03'))
      .map((name) => `official/v1.2.2/${name}`);
    files.push('official/semplificata/IT01234567890_FSM10.xml');
    for (const file of files) {
      const url = file.includes('FSM10') ? '/api/it/invoices/simplified' : '/api/it/invoices';
      const response = await sendXml(t, token, sample(file), {}, url);
      expect(response.statusCode, `${file}: ${response.body}`).toBe(202);
      const uuid = (response.json() as { uuid: string }).uuid;
      await drainJobs(t);
      const invoice = await getInvoice(t, token, uuid);
      const expected = file.includes('FPA') ? 'delivered-pa' : 'delivered';
      const notifications = await notificationsOf(token, uuid);
      expect({
        file,
        marking: invoice.marking,
        errors: notifications.flatMap((n) => n.message.lista_errori),
      }).toEqual({ file, marking: expected, errors: [] });
      // FPA01 and FPA02 share supplier, type, date and number: SDI would refuse the second as a
      // duplicate (00404), so each sample is sent to a sandbox that has not seen the others.
      await t.db.delete(itInvoices);
    }
  });

  it('refuses the official FPR02 and FPR03 samples as SDI does (00200, 00422)', async () => {
    const { token } = await createAlpha(t);
    const fpr02 = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR02.xml'));
    expect(fpr02.statusCode).toBe(400);
    expect(
      (fpr02.json() as { violations: { code: string }[] }).violations.map((v) => v.code),
    ).toContain('00200');
    const fpr03 = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR03.xml'));
    expect(fpr03.statusCode).toBe(400);
    expect(fpr03.json()).toMatchObject({
      violations: [
        {
          code: '00422',
          propertyContent: '27.00',
          propertyPath:
            'fattura_elettronica_body[0].dati_beni_servizi.dati_riepilogo[0].imponibile_importo',
        },
      ],
    });
  });

  it('PA invoice: delivered-pa, then the administration refuses it (NE EC02 → rejected-pa)', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPA01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>PA-1</Numero>',
    );
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('delivered-pa');
    const response = await simulate(token, 'NE', uuid, {
      esito: 'EC02',
      descrizione: 'Importo errato',
    });
    expect(response.statusCode).toBe(202);
    expect((await getInvoice(t, token, uuid)).marking).toBe('rejected-pa');
    const notifications = await notificationsOf(token, uuid);
    expect(notifications.map((n) => n.type)).toEqual(['RC', 'NE']);
    expect(notifications[1]?.message.esito_committente?.esito).toBe('EC02');
  });

  it('PA invoice without an answer: DT gives deadline-terms', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPA01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>PA-2</Numero>',
    );
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await simulate(token, 'DT', uuid)).statusCode).toBe(202);
    expect((await getInvoice(t, token, uuid)).marking).toBe('deadline-terms');
  });

  it('PA terms: DT when the administration does not answer, none after its NE, AT when unreachable', async () => {
    const { token } = await createAlpha(t);
    const send = async (number: string, office = 'AAAAAA') => {
      const xml = sample('official/v1.2.2/IT01234567890_FPA01.xml')
        .replace('<Numero>123</Numero>', `<Numero>${number}</Numero>`)
        .replace(
          '<CodiceDestinatario>AAAAAA</CodiceDestinatario>',
          `<CodiceDestinatario>${office}</CodiceDestinatario>`,
        );
      const response = await sendXml(t, token, xml);
      expect(response.statusCode, response.body).toBe(202);
      return (response.json() as { uuid: string }).uuid;
    };
    const silent = await send('TERMS-1');
    const answered = await send('TERMS-2');
    const unreachable = await send('TERMS-3', 'UNRPA1');
    await drainJobs(t);
    // The terms (SANDBOX_PA_TERMS_MS, 15 minutes here) have not run out yet.
    expect((await getInvoice(t, token, silent)).marking).toBe('delivered-pa');
    expect((await getInvoice(t, token, unreachable)).marking).toBe('not-delivered');
    expect((await simulate(token, 'NE', answered, { esito: 'EC01' })).statusCode).toBe(202);

    // Time passes: the terms' jobs fall due.
    await t.app.platform.jobs.runNow('it.sdi.pa-terms');
    await drainJobs(t);

    expect((await getInvoice(t, token, silent)).marking).toBe('deadline-terms');
    expect((await notificationsOf(token, silent)).map((n) => n.type)).toEqual(['RC', 'DT']);
    expect((await getInvoice(t, token, answered)).marking).toBe('accepted-pa');
    expect((await notificationsOf(token, answered)).map((n) => n.type)).toEqual(['RC', 'NE']);
    expect((await getInvoice(t, token, unreachable)).marking).toBe('not-delivered');
    expect((await notificationsOf(token, unreachable)).map((n) => n.type)).toEqual(['MC', 'AT']);
  });

  it('refuses scripted outcomes SDI could not send at that point (422), the marking unmoved', async () => {
    const { token } = await createAlpha(t);
    const b2b = (
      (
        await sendXml(
          t,
          token,
          sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
            '<Numero>123</Numero>',
            '<Numero>ORDER-1</Numero>',
          ),
        )
      ).json() as { uuid: string }
    ).uuid;
    const pa = (
      (
        await sendXml(
          t,
          token,
          sample('official/v1.2.2/IT01234567890_FPA01.xml').replace(
            '<Numero>123</Numero>',
            '<Numero>ORDER-2</Numero>',
          ),
        )
      ).json() as { uuid: string }
    ).uuid;
    await drainJobs(t);
    expect((await getInvoice(t, token, b2b)).marking).toBe('delivered');
    expect((await getInvoice(t, token, pa)).marking).toBe('delivered-pa');

    const at = await simulate(token, 'AT', b2b);
    expect(at.statusCode).toBe(422);
    expect(
      (at.json() as { violations: { propertyPath: string; message: string }[] }).violations,
    ).toEqual([
      expect.objectContaining({
        propertyPath: 'type',
        message: expect.stringMatching(
          /^SDI cannot send AT for this invoice now: .*public administration/,
        ),
      }),
    ]);
    for (const type of ['NE', 'DT', 'RC', 'MC', 'transport-failure']) {
      expect((await simulate(token, type, b2b, { esito: 'EC01' })).statusCode, type).toBe(422);
    }
    expect((await getInvoice(t, token, b2b)).marking).toBe('delivered');
    expect((await notificationsOf(token, b2b)).map((n) => n.type)).toEqual(['RC']);

    // A public administration's invoice: after RC only its outcome (NE) or the terms' end (DT).
    expect((await simulate(token, 'AT', pa)).statusCode).toBe(422);
    expect((await simulate(token, 'MC', pa)).statusCode).toBe(422);
    expect((await simulate(token, 'NE', pa, { esito: 'EC01' })).statusCode).toBe(202);
    const late = await simulate(token, 'DT', pa);
    expect(late.statusCode).toBe(422);
    expect((late.json() as { detail: string }).detail).toContain('already answered (NE)');
    expect((await getInvoice(t, token, pa)).marking).toBe('accepted-pa');

    // SDI never rejects a file it delivered: an NS comes only instead of the RC.
    const ns = await simulate(token, 'NS', b2b, { error_code: '00305' });
    expect(ns.statusCode).toBe(422);
    expect((ns.json() as { violations: { code: string }[] }).violations[0]?.code).toBe('sdi_order');
    expect((ns.json() as { detail: string }).detail).toContain('already answered the file with RC');
    expect((await simulate(token, 'NS', pa)).statusCode).toBe(422);
    expect((await getInvoice(t, token, b2b)).marking).toBe('delivered');
    expect((await notificationsOf(token, b2b)).map((n) => n.type)).toEqual(['RC']);
  });

  it('holds a file to a HOLD… recipient code at SDI (sent) until an outcome is scripted', async () => {
    const { token } = await createAlpha(t);
    const send = async (file: string, number: string) => {
      // A public administration's office code has 6 characters.
      const [original, held] = file.includes('FPA') ? ['AAAAAA', 'HOLDPA'] : ['ABC1234', 'HOLD001'];
      const xml = sample(`official/v1.2.2/${file}`)
        .replace('<Numero>123</Numero>', `<Numero>${number}</Numero>`)
        .replace(
          `<CodiceDestinatario>${original}</CodiceDestinatario>`,
          `<CodiceDestinatario>${held}</CodiceDestinatario>`,
        );
      const response = await sendXml(t, token, xml);
      expect(response.statusCode, response.body).toBe(202);
      return (response.json() as { uuid: string }).uuid;
    };
    const rejected = await send('IT01234567890_FPR01.xml', 'HOLD-1');
    const pa = await send('IT01234567890_FPA01.xml', 'HOLD-2');
    await drainJobs(t);
    // SDI received both (its file name and id) and has not answered.
    for (const uuid of [rejected, pa]) {
      const held = await getInvoice(t, token, uuid);
      expect(held.marking).toBe('sent');
      expect(held.sdi_file_name).toMatch(/\.xml$/);
      expect(await notificationsOf(token, uuid)).toEqual([]);
    }
    // Only SDI's first answer is possible now.
    expect((await simulate(token, 'AT', pa)).statusCode).toBe(422);
    expect((await simulate(token, 'NE', pa, { esito: 'EC01' })).statusCode).toBe(422);

    // The rehearsal of a rejection; nothing follows it.
    expect((await simulate(token, 'NS', rejected, { error_code: '00305' })).statusCode).toBe(202);
    expect((await getInvoice(t, token, rejected)).marking).toBe('rejected');
    expect((await simulate(token, 'RC', rejected)).statusCode).toBe(422);
    expect(
      (
        await t.request({ method: 'GET', url: `/api/it/invoices/${rejected}/fix-info`, token })
      ).json(),
    ).toMatchObject({ is_fixable: true });

    // A scripted delivery to a public administration starts its terms, as SDI's own does.
    expect((await simulate(token, 'RC', pa)).statusCode).toBe(202);
    expect((await getInvoice(t, token, pa)).marking).toBe('delivered-pa');
    await t.app.platform.jobs.runNow('it.sdi.pa-terms');
    await drainJobs(t);
    expect((await notificationsOf(token, pa)).map((n) => n.type)).toEqual(['RC', 'DT']);
    expect((await getInvoice(t, token, pa)).marking).toBe('deadline-terms');
  });

  it('unreachable recipient channel: MC and not-delivered', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml')
      .replace('<Numero>123</Numero>', '<Numero>MC-1</Numero>')
      .replace(
        '<CodiceDestinatario>ABC1234</CodiceDestinatario>',
        '<CodiceDestinatario>UNR0001</CodiceDestinatario>',
      );
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('not-delivered');
    expect((await notificationsOf(token, uuid)).map((n) => n.type)).toEqual(['MC']);
  });

  it('inactive recipient code: NS 00312 (rejected, fixable)', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml')
      .replace('<Numero>123</Numero>', '<Numero>NS-1</Numero>')
      .replace(
        '<CodiceDestinatario>ABC1234</CodiceDestinatario>',
        '<CodiceDestinatario>INA0001</CodiceDestinatario>',
      );
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('rejected');
    expect(
      (await notificationsOf(token, uuid))[0]?.message.lista_errori.map((e) => e.Codice),
    ).toEqual(['00312']);
    expect(
      (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/fix-info`, token })).json(),
    ).toMatchObject({ is_fixable: true });
  });

  it('transport failure: quarantena with a notice, retried, then invoice-error', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml')
      .replace('<Numero>123</Numero>', '<Numero>Q-1</Numero>')
      .replace(
        '<CodiceDestinatario>ABC1234</CodiceDestinatario>',
        '<CodiceDestinatario>FAIL001</CodiceDestinatario>',
      );
    const { uuid } = (await sendXml(t, token, xml, { 'x-sendasync': 'true' })).json() as {
      uuid: string;
    };
    await t.app.platform.worker.runOnce();
    const quarantined = await getInvoice(t, token, uuid);
    expect(quarantined.marking).toBe('quarantena');
    expect(quarantined.notice).toMatch(/attempt 1 of 14/);
    await drainJobs(t);
    const failed = await getInvoice(t, token, uuid);
    expect(failed.marking).toBe('invoice-error');
    expect(failed.notice).toMatch(/after 14 attempts/);
    // Entering quarantena and giving up each announce themselves to the owner's webhooks, once.
    const events = await t.app.platform.jobs.jobsOf('webhooks.dispatch');
    const forInvoice = events
      .map((job) => job.payload as { event: string; payload: { uuid: string } })
      .filter((job) => job.payload.uuid === uuid)
      .map((job) => job.event);
    expect(forInvoice).toEqual(['invoice-status-quarantena', 'invoice-status-invoice-error']);
  });

  it('an invoice to another account of the instance arrives there as a received supplier invoice', async () => {
    const { token } = await createAlpha(t);
    const beta = await t.createUser({
      roles: { it: ['ROLE_INVOICING'] },
      invoicingName: 'BETA SRL',
      invoicingVatNumber: 'IT12345678903',
      recipientCode: 'BETA001',
    });
    const invoice = generatedInvoiceJson({
      sellerVat: '01234567890',
      sellerName: 'ALPHA SRL',
      buyerVat: '12345678903',
      buyerName: 'BETA SRL',
      recipientCode: 'BETA001',
      number: 'B2B-1',
    });
    const response = await t.request({
      method: 'POST',
      url: '/api/it/invoices',
      token,
      payload: invoice,
    });
    expect(response.statusCode, response.body).toBe(202);
    await drainJobs(t);
    expect((await getInvoice(t, token, (response.json() as { uuid: string }).uuid)).marking).toBe(
      'delivered',
    );
    const received = await t.request({
      method: 'GET',
      url: '/api/it/invoices?type=1',
      token: beta.token,
      headers: { accept: 'application/ld+json' },
    });
    const body = received.json() as {
      'hydra:totalItems': number;
      'hydra:member': { marking: string; invoiceNumber: string; type: number }[];
    };
    expect(body['hydra:totalItems']).toBe(1);
    expect(body['hydra:member'][0]).toMatchObject({
      marking: 'received',
      invoiceNumber: 'B2B-1',
      type: 1,
    });
  });

  it('simulates an incoming supplier invoice and an NS with a chosen code', async () => {
    const { token } = await createAlpha(t);
    const incoming = await t.request({
      method: 'POST',
      url: '/api/it/simulate/supplier-invoice',
      token,
      payload: {},
    });
    expect(incoming.statusCode, incoming.body).toBe(202);
    const received = await getInvoice(t, token, (incoming.json() as { uuid: string }).uuid);
    expect(received).toMatchObject({
      marking: 'received',
      type: 1,
      recipientVatNumberFormatted: 'IT01234567890',
    });

    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>SIM-NS-1</Numero>',
    );
    const sent = await sendXml(t, token, xml);
    expect(sent.statusCode, sent.body).toBe(202);
    const { uuid } = sent.json() as { uuid: string };
    const ns = await simulate(token, 'NS', uuid, { error_code: '00305' });
    expect(ns.statusCode, ns.body).toBe(202);
    expect((await getInvoice(t, token, uuid)).marking).toBe('rejected');
    expect((await simulate(token, 'NS', uuid, { error_code: 'abc' })).statusCode).toBe(422);
    expect((await simulate(token, 'XX', uuid)).statusCode).toBe(400);
  });
});
