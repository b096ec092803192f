import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { WebhookReceiver } from '../../../../test/webhook-receiver.ts';
import { itApiConfigurations, itInvoices } from '../../../db/schema/index.ts';
import { createAlpha, drainJobs, sample, sendXml } from '../it-test-kit.ts';

/**
 * The SDI sandbox and the webhooks meet here: each SDI step of a sent invoice reaches the
 * account's integration as a real, signed HTTP POST, unless the sender asked for silence.
 */
describe('SDI sandbox events on webhooks', () => {
  let t: TestApp;
  let token: string;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    ({ token } = await createAlpha(t));
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });
  beforeEach(async () => {
    receiver.requests.length = 0;
    await t.db.delete(itInvoices);
    await t.db.delete(itApiConfigurations);
  });

  async function subscribe(event: string) {
    const response = await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token,
      payload: { event, target_url: `${receiver.url}/hooks`, authentication_type: 'none' },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  function received() {
    return receiver.requests.map((request) => ({
      path: request.url,
      signed: typeof request.headers['signature'] === 'string',
      body: JSON.parse(request.body.toString('utf8')) as Record<string, unknown>,
    }));
  }

  it('posts the delivery receipt of a sent invoice to the customer-notification webhook', async () => {
    await subscribe('customer-notification');
    const sent = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    expect(sent.statusCode, sent.body).toBe(202);
    await drainJobs(t);

    const calls = received();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/hooks', signed: true });
    expect(JSON.stringify(calls[0]!.body)).toContain('"RC"');
  });

  it('posts the rejection with its error code when SDI refuses a duplicate', async () => {
    await subscribe('customer-notification');
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml');
    expect((await sendXml(t, token, xml)).statusCode).toBe(202);
    await drainJobs(t);
    expect((await sendXml(t, token, xml)).statusCode).toBe(202);
    await drainJobs(t);

    const bodies = received().map((call) => JSON.stringify(call.body));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toContain('"NS"');
    expect(bodies[1]).toContain('00404');
  });

  it('stays silent for an invoice sent with X-DisableEndpoints', async () => {
    await subscribe('customer-notification');
    const sent = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'), {
      'x-disableendpoints': 'true',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await drainJobs(t);
    expect(receiver.requests).toHaveLength(0);
  });
});
