import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itInvoices } from '../../../db/schema/index.ts';
import { createAlpha, drainJobs, getInvoice, sample } from '../it-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

const xmlHeaders = { 'content-type': 'application/xml' };

describe('drafts', () => {
  it("serves a draft's stored XML when XML is asked for, and JSON otherwise", async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>DX-1</Numero>',
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/it/invoices/draft',
      token,
      payload: xml,
      headers: xmlHeaders,
    });
    const { uuid } = created.json() as { uuid: string };
    const asXml = await t.request({
      method: 'GET',
      url: `/api/it/invoices/draft/${uuid}`,
      token,
      headers: { accept: 'application/xml' },
    });
    expect(asXml.statusCode, asXml.body).toBe(200);
    expect(asXml.headers['content-type']).toMatch(/^application\/xml/);
    expect(asXml.body).toContain('<Numero>DX-1</Numero>');
    const asJson = await t.request({
      method: 'GET',
      url: `/api/it/invoices/draft/${uuid}`,
      token,
      headers: { accept: 'application/json' },
    });
    expect((asJson.json() as { invoiceNumber: string }).invoiceNumber).toBe('DX-1');
  });

  it('creates, lists, updates, sends and deletes drafts; a blocked draft answers 409', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>D-1</Numero>',
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/it/invoices/draft',
      token,
      payload: xml,
      headers: xmlHeaders,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json() as { uuid: string };
    const blocked = await t.request({
      method: 'POST',
      url: '/api/it/invoices/draft',
      token,
      payload: xml,
      headers: { ...xmlHeaders, 'x-draft-blocked': 'true' },
    });
    const blockedUuid = (blocked.json() as { uuid: string }).uuid;

    const listed = await t.request({
      method: 'GET',
      url: '/api/it/invoices/draft',
      token,
      headers: { accept: 'application/ld+json' },
    });
    const body = listed.json() as {
      'hydra:totalItems': number;
      'hydra:member': { uuid: string; marking: string }[];
    };
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member'].map((d) => d.marking).sort()).toEqual(['draft', 'draft-blocked']);
    // Drafts are not invoices: the invoice list and GET /invoices/{uuid} do not see them.
    expect(
      (await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}`, token })).statusCode,
    ).toBe(404);

    const refused = await t.request({
      method: 'POST',
      url: `/api/it/invoices/draft/${blockedUuid}/send`,
      token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: 'draft send error blocked' });

    const updated = await t.request({
      method: 'PUT',
      url: `/api/it/invoices/draft/${uuid}`,
      token,
      payload: xml.replace('<Numero>D-1</Numero>', '<Numero>D-2</Numero>'),
      headers: xmlHeaders,
    });
    expect(updated.json()).toMatchObject({ invoiceNumber: 'D-2', marking: 'draft' });

    const sent = await t.request({
      method: 'POST',
      url: `/api/it/invoices/draft/${uuid}/send`,
      token,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await drainJobs(t);
    expect(await getInvoice(t, token, uuid)).toMatchObject({
      marking: 'delivered',
      invoiceNumber: 'D-2',
    });

    expect(
      (await t.request({ method: 'DELETE', url: `/api/it/invoices/draft/${blockedUuid}`, token }))
        .statusCode,
    ).toBe(204);
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, blockedUuid))).toEqual(
      [],
    );
  });

  it('keeps an incomplete draft, and sending it answers 400 violations like POST /invoices', async () => {
    const { token } = await createAlpha(t);
    const draft = {
      fattura_elettronica_header: {
        dati_trasmissione: { formato_trasmissione: 'FPR12', codice_destinatario: 'ABC1234' },
      },
    };
    const created = await t.request({
      method: 'POST',
      url: '/api/it/invoices/draft',
      token,
      payload: draft,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json() as { uuid: string };
    const sent = await t.request({
      method: 'POST',
      url: `/api/it/invoices/draft/${uuid}/send`,
      token,
    });
    expect(sent.statusCode).toBe(400);
    expect((sent.json() as { violations: unknown[] }).violations.length).toBeGreaterThan(0);
    const [row] = await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
    expect(row?.marking).toBe('draft');
  });

  it('checks roles and tenancy of drafts', async () => {
    const owner = await createAlpha(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/it/invoices/simplified/draft',
      token: owner.token,
      payload: sample('official/semplificata/IT01234567890_FSM10.xml'),
      headers: xmlHeaders,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json() as { uuid: string };
    const stranger = await createAlpha(t);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/it/invoices/draft/${uuid}`,
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/it/invoices/simplified/draft/${uuid}`,
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
    const readOnly = await t.createUser({ roles: { it: ['ROLE_SHOW_STATS'] } });
    expect(
      (await t.request({ method: 'GET', url: '/api/it/invoices/draft', token: readOnly.token }))
        .statusCode,
    ).toBe(403);
    const draftOnly = await t.createUser({ roles: { it: ['ROLE_INVOICING_DRAFT'] } });
    expect(
      (await t.request({ method: 'GET', url: '/api/it/invoices/draft', token: draftOnly.token }))
        .statusCode,
    ).toBe(200);
  });
});
