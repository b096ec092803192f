import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { hydraCollectionSchema, preSaleActionSchema } from '@fiscus/contracts';
import { preSaleActions, preSales } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/common/pre-sale-actions';

async function accountWithPreSale() {
  const account = await t.createUser();
  const [preSale] = await t.db
    .insert(preSales)
    .values({
      ownerId: account.user.id,
      creditPurchased: '100.00',
      creditAvailable: '80.00',
      purchasedAt: new Date(),
    })
    .returning();
  return { ...account, preSaleUuid: preSale!.uuid };
}

const actionCount = async (ownerId: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(preSaleActions)
      .where(eq(preSaleActions.ownerId, ownerId))
  )[0]?.n;

describe('pre-sale actions', () => {
  it('creates, lists, updates and deletes an alert', async () => {
    const { token, preSaleUuid } = await accountWithPreSale();
    const created = await t.request({
      method: 'POST',
      url,
      token,
      payload: {
        pre_sale_uuid: preSaleUuid,
        threshold: 20,
        action_type: 'alert_mail',
        target: 'Billing@Example.test',
      },
    });
    expect(created.statusCode).toBe(201);
    const action = preSaleActionSchema.parse(created.json());
    expect(action).toMatchObject({
      pre_sale_uuid: preSaleUuid,
      threshold: 20,
      target: 'billing@example.test',
      enabled: true,
      running: false,
    });

    const list = await t.request({
      method: 'GET',
      url,
      token,
      headers: { accept: 'application/ld+json' },
    });
    const collection = hydraCollectionSchema(preSaleActionSchema).parse(list.json());
    expect(collection['hydra:member'].map((a) => a.uuid)).toEqual([action.uuid]);

    const updated = await t.request({
      method: 'PUT',
      url: `${url}/${action.uuid}`,
      token,
      payload: {
        pre_sale_uuid: preSaleUuid,
        threshold: 5,
        action_type: 'alert_mail',
        target: 'ops@example.test',
        enabled: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      uuid: action.uuid,
      threshold: 5,
      target: 'ops@example.test',
      enabled: false,
    });

    expect(
      (await t.request({ method: 'DELETE', url: `${url}/${action.uuid}`, token })).statusCode,
    ).toBe(204);
    expect((await t.request({ method: 'GET', url, token })).json()).toEqual([]);
  });

  it('refuses invalid input with violations on each field and writes nothing', async () => {
    const { user, token, preSaleUuid } = await accountWithPreSale();
    const foreign = await accountWithPreSale();
    const valid = {
      pre_sale_uuid: preSaleUuid,
      threshold: 10,
      action_type: 'alert_mail',
      target: 'a@example.test',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, threshold: 0 }, 'threshold'],
      [{ ...valid, threshold: 1.5 }, 'threshold'],
      [{ ...valid, threshold: undefined }, 'threshold'],
      [{ ...valid, target: 'nope' }, 'target'],
      [{ ...valid, target: '' }, 'target'],
      [{ ...valid, action_type: 'sms' }, 'action_type'],
      [{ ...valid, pre_sale_uuid: 'not-a-uuid' }, 'pre_sale_uuid'],
      [{ ...valid, pre_sale_uuid: randomUUID() }, 'pre_sale_uuid'],
      [{ ...valid, pre_sale_uuid: foreign.preSaleUuid }, 'pre_sale_uuid'],
    ];
    for (const [payload, propertyPath] of cases) {
      const response = await t.request({ method: 'POST', url, token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(
        response.json().violations.map((v: { propertyPath: string }) => v.propertyPath),
      ).toContain(propertyPath);
    }
    const threshold = await t.request({
      method: 'POST',
      url,
      token,
      payload: { ...valid, threshold: -3 },
    });
    expect(threshold.json().violations[0]).toMatchObject({
      message: 'This value should be positive.',
    });
    expect(await actionCount(user.id)).toBe(0);
  });

  it('hides another account\u2019s actions (404) and leaves them untouched', async () => {
    const owner = await accountWithPreSale();
    const created = await t.request({
      method: 'POST',
      url,
      token: owner.token,
      payload: {
        pre_sale_uuid: owner.preSaleUuid,
        threshold: 10,
        action_type: 'alert_mail',
        target: 'a@example.test',
      },
    });
    const uuid = created.json().uuid as string;
    const intruder = await accountWithPreSale();
    const update = await t.request({
      method: 'PUT',
      url: `${url}/${uuid}`,
      token: intruder.token,
      payload: {
        pre_sale_uuid: intruder.preSaleUuid,
        threshold: 1,
        action_type: 'alert_mail',
        target: 'x@example.test',
      },
    });
    expect(update.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `${url}/${uuid}`, token: intruder.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url, token: intruder.token })).json()).toEqual([]);
    expect(
      (await t.request({ method: 'DELETE', url: `${url}/not-a-uuid`, token: owner.token }))
        .statusCode,
    ).toBe(404);
    const [stored] = await t.db.select().from(preSaleActions).where(eq(preSaleActions.uuid, uuid));
    expect(stored).toMatchObject({ threshold: 10, target: 'a@example.test' });
  });

  it('a sub-account cannot attach alerts to its manager\u2019s credit', async () => {
    const manager = await accountWithPreSale();
    const sub = await t.createUser({
      parentId: manager.user.id,
      roles: { common: ['ROLE_SUB_ACCOUNT'] },
    });
    const response = await t.request({
      method: 'POST',
      url,
      token: sub.token,
      payload: {
        pre_sale_uuid: manager.preSaleUuid,
        threshold: 10,
        action_type: 'alert_mail',
        target: 'a@example.test',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(
      (await t.request({ method: 'GET', url: '/api/common/pre-sales', token: sub.token })).json(),
    ).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
  });
});
