import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itInvoices } from '../../../db/schema/index.ts';
import { createAlpha, getInvoice, sample } from '../it-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const invoice = base64(sample('official/v1.2.2/IT01234567890_FPR01.xml'));

describe('invoice imports', () => {
  it('imports a customer invoice with its notifications; the marking follows them', async () => {
    const { token } = await createAlpha(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: {
        invoice,
        notifications: { NS: base64(sample('notifications/IT01234567890_11111_NS_001.xml')) },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { uuid } = response.json() as { uuid: string };
    expect(await getInvoice(t, token, uuid)).toMatchObject({
      marking: 'rejected',
      sdi_file_id: '111',
      sdi_file_name: 'IT01234567890_11111.xml.p7m',
    });
    const notifications = (
      await t.request({ method: 'GET', url: `/api/it/invoices/${uuid}/notifications`, token })
    ).json() as { type: string; message: { lista_errori: unknown[] } }[];
    expect(notifications.map((n) => n.type)).toEqual(['NS']);
    expect(notifications[0]?.message.lista_errori.length).toBeGreaterThan(0);

    const delivered = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: {
        invoice,
        notifications: { RC: base64(sample('notifications/IT01234567890_11111_RC_001.xml')) },
      },
    });
    expect(await getInvoice(t, token, (delivered.json() as { uuid: string }).uuid)).toMatchObject({
      marking: 'delivered',
    });
  });

  it('applies the required-when rules and refuses bad files with 422, storing nothing', async () => {
    const { token, user } = await createAlpha(t);
    const missing = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: { invoice },
    });
    expect(missing.statusCode).toBe(422);
    expect(
      (missing.json() as { violations: { propertyPath: string; message: string }[] }).violations,
    ).toEqual([
      expect.objectContaining({
        propertyPath: 'invoice_file_name',
        message: 'This field is required when there is not any notification',
      }),
      expect.objectContaining({
        propertyPath: 'sdi_id',
        message: 'This field is required when there is not any notification',
      }),
    ]);
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: {
        invoice,
        notifications: { RC: base64(sample('notifications/IT01234567890_11111_NS_001.xml')) },
      },
    });
    expect(wrongType.statusCode).toBe(422);
    const garbage = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: {
        invoice: base64('<not-an-invoice/>'),
        invoice_file_name: 'IT01234567890_AAAAA.xml',
        sdi_id: '12',
      },
    });
    expect(garbage.statusCode).toBe(422);
    const unknownType = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: { invoice, notifications: { XX: invoice } },
    });
    expect(unknownType.statusCode).toBe(422);
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
  });

  it('imports a supplier invoice with its metadata file, or with name and id', async () => {
    const { token } = await createAlpha(t);
    const withMetadata = await t.request({
      method: 'POST',
      url: '/api/it/supplier-invoice-imports',
      token,
      payload: {
        invoice,
        metadata: base64(sample('notifications/IT01234567890_11111_MT_001.xml')),
      },
    });
    expect(withMetadata.statusCode, withMetadata.body).toBe(201);
    expect(
      await getInvoice(t, token, (withMetadata.json() as { uuid: string }).uuid),
    ).toMatchObject({ type: 1, marking: 'received', sdi_file_id: '111' });
    const missing = await t.request({
      method: 'POST',
      url: '/api/it/supplier-invoice-imports',
      token,
      payload: { invoice, sdi_id: '5' },
    });
    expect(missing.statusCode).toBe(422);
    expect(
      (missing.json() as { violations: { propertyPath: string; message: string }[] }).violations,
    ).toEqual([
      expect.objectContaining({
        propertyPath: 'invoice_file_name',
        message: 'This field is required',
      }),
    ]);
  });
});
