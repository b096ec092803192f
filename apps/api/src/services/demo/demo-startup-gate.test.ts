import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { DEMO_WEBHOOK_RECEIVER_PATH } from './demo-webhook-receiver.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the startup gate and the sandbox webhook receiver', () => {
  it('answers 503 while the demo history is made, except to webhooks', async () => {
    t.app.platform.startup.open = false;
    try {
      const health = await t.request({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      const webhook = await t.request({
        method: 'POST',
        url: DEMO_WEBHOOK_RECEIVER_PATH,
        payload: { event: 'customer-notification' },
      });
      expect(webhook.statusCode).toBe(204);
    } finally {
      t.app.platform.startup.open = true;
    }
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
