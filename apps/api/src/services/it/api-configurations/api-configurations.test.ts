import { createHash, createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { WebhookReceiver as Receiver } from '../../../../test/webhook-receiver.ts';
import type { ReceivedRequest as Received } from '../../../../test/webhook-receiver.ts';
import { itApiConfigurations, itInvoices, webhookDeliveries } from '../../../db/schema/index.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import { postWebhook } from '../../../platform/webhooks/post-webhook.ts';

const CONFIG_ROLES = { it: ['ROLE_CONFIG', 'ROLE_INVOICING'], common: ['ROLE_USER'] };

async function drain(t: TestApp): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    if ((await t.app.platform.worker.runOnce()) === 0) return;
  }
  throw new Error('the job queue did not drain');
}

/** Verifies an RFC 9421 Ed25519 signature the way a receiver would, from the headers alone. */
function verifySignature(received: Received, publicKeyPem: string, targetUri: string): boolean {
  const input = String(received.headers['signature-input']);
  const match = /^sig1=(\(.*\));created=(\d+);keyid="([^"]+)";alg="ed25519"$/.exec(input);
  if (!match) return false;
  const components = [...match[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const value = (component: string) => {
    if (component === '@method') return received.method;
    if (component === '@target-uri') return targetUri;
    return String(received.headers[component]);
  };
  const base = [
    ...components.map((component) => `"${component}": ${value(component)}`),
    `"@signature-params": ${input.slice('sig1='.length)}`,
  ].join('\n');
  const signature = /^sig1=:([A-Za-z0-9+/=]+):$/.exec(String(received.headers.signature))?.[1];
  if (!signature) return false;
  return verify(
    null,
    Buffer.from(base),
    createPublicKey(publicKeyPem),
    Buffer.from(signature, 'base64'),
  );
}

describe('api-configurations (webhooks)', () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;
  const receiver = new Receiver();

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    const owner = await t.createUser({ roles: CONFIG_ROLES });
    token = owner.token;
    ownerId = owner.user.id;
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });
  beforeEach(async () => {
    receiver.requests.length = 0;
    receiver.statuses = [];
    await t.db.delete(itApiConfigurations);
  });

  const create = (body: Record<string, unknown>, as = token) =>
    t.request({ method: 'POST', url: '/api/it/api-configurations', token: as, payload: body });

  async function deliveriesOf(uuid: string) {
    const response = await t.request({
      method: 'GET',
      url: `/api/it/api-configurations/${uuid}/deliveries`,
      token,
      headers: { accept: 'application/ld+json' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      'hydra:member': Record<string, unknown>[];
      'hydra:totalItems': number;
    }>();
  }

  it('creates, reads, searches, updates and deletes a configuration', async () => {
    const created = await create({
      event: 'customer-invoice',
      target_url: 'https://hooks.example.test/in',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ uuid: string; authentication_type: string }>();
    expect(body).toMatchObject({
      event: 'customer-invoice',
      authentication_type: 'none',
      business_registry_configurations: [],
    });
    await create({ event: 'supplier-invoice', target_url: 'https://other.example.test/x' });

    const search = await t.request({
      method: 'GET',
      url: '/api/it/api-configurations?targetUrl=HOOKS.example&itemsPerPage=100',
      token,
      headers: { accept: 'application/ld+json' },
    });
    expect(search.json()).toMatchObject({
      'hydra:totalItems': 1,
      'hydra:member': [{ uuid: body.uuid }],
    });

    const updated = await t.request({
      method: 'PUT',
      url: `/api/it/api-configurations/${body.uuid}`,
      token,
      payload: {
        event: 'customer-notification',
        target_url: 'https://hooks.example.test/n',
        authentication_type: 'header',
        authentication_key: 'Bearer',
        authentication_token: 's3cret',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      event: 'customer-notification',
      authentication_key: 'Bearer',
    });

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/it/api-configurations/${body.uuid}`,
      token,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.request({
      method: 'GET',
      url: `/api/it/api-configurations/${body.uuid}`,
      token,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 422 per field and stores nothing on bad input', async () => {
    const response = await create({
      event: 'invoice-sent',
      target_url: 'not a url',
      authentication_type: 'header',
      business_registry_configurations: ['99999999999'],
    });
    expect(response.statusCode).toBe(422);
    const paths = response
      .json<{ violations: { propertyPath: string }[] }>()
      .violations.map((v) => v.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['event', 'target_url']));

    const missingAuth = await create({
      event: 'receipt',
      target_url: 'https://hooks.example.test',
      authentication_type: 'query',
    });
    expect(missingAuth.statusCode).toBe(422);
    expect(
      missingAuth
        .json<{ violations: { propertyPath: string }[] }>()
        .violations.map((v) => v.propertyPath),
    ).toEqual(['authentication_key', 'authentication_token']);

    const unknownRegistry = await create({
      event: 'receipt',
      target_url: 'https://hooks.example.test',
      business_registry_configurations: ['/api/it/business-registry-configurations/99999999999'],
    });
    expect(unknownRegistry.statusCode).toBe(422);
    expect(unknownRegistry.json()).toMatchObject({
      violations: [
        { propertyPath: 'business_registry_configurations[0]', propertyContent: '99999999999' },
      ],
    });

    const [stored] = await t.db.select({ n: count() }).from(itApiConfigurations);
    expect(stored?.n).toBe(0);
  });

  it('needs ROLE_CONFIG and keeps each account to its own configurations', async () => {
    const mine = (
      await create({ event: 'receipt', target_url: 'https://hooks.example.test' })
    ).json<{ uuid: string }>();
    const other = await t.createUser({ roles: CONFIG_ROLES });
    const noConfig = await t.createUser({ roles: { it: ['ROLE_INVOICING'] } });

    expect(
      (await t.request({ method: 'GET', url: '/api/it/api-configurations', token: noConfig.token }))
        .statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/it/api-configurations/${mine.uuid}`],
      ['DELETE', `/api/it/api-configurations/${mine.uuid}`],
      ['GET', `/api/it/api-configurations/${mine.uuid}/deliveries`],
    ] as const) {
      expect((await t.request({ method, url, token: other.token })).statusCode).toBe(404);
    }
    const list = await t.request({
      method: 'GET',
      url: '/api/it/api-configurations',
      token: other.token,
    });
    expect(list.json()).toEqual([]);
  });

  it('delivers a signed event with header authentication, verifiable with the published key', async () => {
    const configuration = (
      await create({
        event: 'customer-invoice',
        target_url: `${receiver.url}/hooks/invoices?tenant=alpha`,
        authentication_type: 'header',
        authentication_key: 'Bearer',
        authentication_token: 'tok-123',
      })
    ).json<{ uuid: string }>();

    const payload = {
      uuid: '6f1c8d5e-2b9a-4c71-9e0f-3a2b1c0d9e8f',
      marking: 'delivered',
      invoiceTotal: '122.00',
    };
    await publishWebhookEvent(t.app.platform.jobs, { ownerId, event: 'customer-invoice', payload });
    await publishWebhookEvent(t.app.platform.jobs, { ownerId, event: 'supplier-invoice', payload });
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'customer-invoice',
      payload,
      disableEndpoints: true,
    });
    await drain(t);

    expect(receiver.requests).toHaveLength(1);
    const [received] = receiver.requests;
    expect(received!.method).toBe('POST');
    expect(received!.url).toBe('/hooks/invoices?tenant=alpha');
    expect(received!.headers.authorization).toBe('Bearer tok-123');
    expect(received!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received!.body.toString())).toEqual(payload);
    expect(received!.headers['content-digest']).toBe(
      `sha-256=:${createHash('sha256').update(received!.body).digest('base64')}:`,
    );

    const key = await t.request({ method: 'GET', url: '/api/common/signature-public-key' });
    expect(key.statusCode).toBe(200);
    const published = key.json<{
      keyid: string;
      pem: string;
      jwk: { kty: string; crv: string; x: string };
    }>();
    expect(published.jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(String(received!.headers['signature-input'])).toContain(`keyid="${published.keyid}"`);
    const targetUri = `${receiver.url}/hooks/invoices?tenant=alpha`;
    expect(verifySignature(received!, published.pem, targetUri)).toBe(true);
    const fromJwk = createPublicKey({ key: published.jwk, format: 'jwk' }).export({
      format: 'pem',
      type: 'spki',
    });
    expect(verifySignature(received!, fromJwk.toString(), targetUri)).toBe(true);
    // A body changed in transit no longer matches the signed digest.
    expect(
      verifySignature(
        { ...received!, headers: { ...received!.headers, 'content-digest': 'sha-256=:AAAA:' } },
        published.pem,
        targetUri,
      ),
    ).toBe(false);

    const log = await deliveriesOf(configuration.uuid);
    expect(log['hydra:totalItems']).toBe(1);
    expect(log['hydra:member'][0]).toMatchObject({
      status: 'delivered',
      response_code: 200,
      attempt: 1,
      event: 'customer-invoice',
      error: null,
    });
    expect(log['hydra:member'][0]!.duration_ms).toEqual(expect.any(Number));
  });

  it('applies query authentication to the target URL', async () => {
    await create({
      event: 'receipt',
      target_url: `${receiver.url}/r?x=1`,
      authentication_type: 'query',
      authentication_key: 'api_key',
      authentication_token: 'a b&c',
    });
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'receipt',
      payload: { id: 1 },
    });
    await drain(t);
    expect(receiver.requests).toHaveLength(1);
    const url = new URL(receiver.requests[0]!.url, receiver.url);
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('api_key')).toBe('a b&c');
    expect(receiver.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('retries a failed delivery until the receiver answers 2xx, and logs each attempt', async () => {
    const configuration = (
      await create({ event: 'customer-notification', target_url: `${receiver.url}/n` })
    ).json<{ uuid: string }>();
    receiver.statuses = [500, 503];
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'customer-notification',
      payload: { type: 'RC' },
    });
    await drain(t);

    expect(receiver.requests).toHaveLength(3);
    const log = await deliveriesOf(configuration.uuid);
    expect(log['hydra:member']).toHaveLength(1);
    expect(log['hydra:member'][0]).toMatchObject({
      status: 'delivered',
      attempt: 3,
      response_code: 200,
      error: null,
    });
  });

  it('gives up after the configured number of tries', async () => {
    const configuration = (
      await create({ event: 'receipt-error', target_url: `${receiver.url}/down` })
    ).json<{ uuid: string }>();
    receiver.statuses = Array.from({ length: 20 }, () => 500);
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'receipt-error',
      payload: {},
    });
    await drain(t);
    expect(receiver.requests).toHaveLength(15);
    const [delivery] = (await deliveriesOf(configuration.uuid))['hydra:member'];
    expect(delivery).toMatchObject({
      status: 'failed',
      attempt: 15,
      response_code: 500,
      error: 'HTTP 500: receiver is down',
    });
  });

  it('replays one delivery and a time window', async () => {
    const configuration = (
      await create({ event: 'supplier-invoice', target_url: `${receiver.url}/s` })
    ).json<{ uuid: string }>();
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'supplier-invoice',
      payload: { n: 1 },
    });
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'supplier-invoice',
      payload: { n: 2 },
    });
    await drain(t);
    expect(receiver.requests).toHaveLength(2);
    const originals = (await deliveriesOf(configuration.uuid))['hydra:member'];

    const first = originals.find((d) => d.status === 'delivered')!;
    const replay = await t.request({
      method: 'POST',
      url: `/api/it/api-configurations/${configuration.uuid}/deliveries/${String(first.uuid)}/replay`,
      token,
    });
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toMatchObject({ status: 'pending', replay_of: first.uuid });
    await drain(t);
    expect(receiver.requests).toHaveLength(3);
    expect(receiver.requests[2]!.headers['x-webhook-delivery']).toBe(first.uuid);

    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const windowReplay = await t.request({
      method: 'POST',
      url: `/api/it/api-configurations/${configuration.uuid}/replay`,
      token,
      payload: { from, to },
    });
    expect(windowReplay.statusCode).toBe(202);
    expect(windowReplay.json()).toMatchObject({ replayed: 2 });
    await drain(t);
    expect(receiver.requests).toHaveLength(5);
    // One worker batch runs jobs concurrently: the arrival order of the two replays is free.
    const replayed = receiver.requests
      .slice(3)
      .map((r) => JSON.parse(r.body.toString()) as { n: number });
    expect(replayed.map((body) => body.n).sort()).toEqual([1, 2]);

    const badWindow = await t.request({
      method: 'POST',
      url: `/api/it/api-configurations/${configuration.uuid}/replay`,
      token,
      payload: { from: to, to: from },
    });
    expect(badWindow.statusCode).toBe(422);
    const unknown = await t.request({
      method: 'POST',
      url: `/api/it/api-configurations/${configuration.uuid}/deliveries/00000000-0000-4000-8000-000000000000/replay`,
      token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('only fires a registry-restricted configuration for its companies', async () => {
    await t.request({
      method: 'POST',
      url: '/api/it/business-registry-configurations',
      token,
      payload: { fiscal_id: '01234567897', name: 'ALPHA SRL' },
    });
    const restricted = await create({
      event: 'customer-invoice',
      target_url: `${receiver.url}/alpha`,
      business_registry_configurations: [{ fiscal_id: '01234567897' }],
    });
    expect(restricted.statusCode).toBe(201);
    expect(restricted.json()).toMatchObject({
      business_registry_configurations: [
        { '@id': '/api/it/business-registry-configurations/01234567897', fiscal_id: '01234567897' },
      ],
    });
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'customer-invoice',
      payload: { n: 'beta' },
      fiscalIds: ['09876543217'],
    });
    await publishWebhookEvent(t.app.platform.jobs, {
      ownerId,
      event: 'customer-invoice',
      payload: { n: 'alpha' },
      fiscalIds: ['01234567897'],
    });
    await drain(t);
    expect(receiver.requests.map((r) => JSON.parse(r.body.toString()) as unknown)).toEqual([
      { n: 'alpha' },
    ]);
  });

  it('says no delivery was queued when no webhook listens to the invoice’s event', async () => {
    await create({ event: 'customer-notification', target_url: `${receiver.url}/n` });
    const [invoice] = await t.db
      .insert(itInvoices)
      .values({
        ownerId,
        type: 1,
        transmissionFormat: 'FPR12',
        marking: 'received',
        xml: '<FatturaElettronica/>',
        payload: {},
        recipientVat: 'IT01234567890',
        invoiceNumber: 'NO-HOOK-1',
      })
      .returning();
    const notify = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice!.uuid}/notify`,
      token,
    });
    expect(notify.statusCode).toBe(202);
    expect(notify.json()).toEqual({ deliveries: 0, event: 'supplier-invoice' });
  });

  it('sends an invoice and its notifications on demand', async () => {
    await create({ event: 'customer-invoice', target_url: `${receiver.url}/i` });
    await create({ event: 'customer-notification', target_url: `${receiver.url}/n` });
    const [invoice] = await t.db
      .insert(itInvoices)
      .values({
        ownerId,
        type: 0,
        transmissionFormat: 'FPR12',
        marking: 'delivered',
        xml: '<FatturaElettronica/>',
        payload: {},
        senderVat: 'IT01234567890',
        invoiceNumber: '1',
      })
      .returning();
    const notify = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice!.uuid}/notify`,
      token,
    });
    expect(notify.statusCode).toBe(202);
    expect(notify.json()).toEqual({ deliveries: 1, event: 'customer-invoice' });
    const none = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice!.uuid}/notifications/notify`,
      token,
    });
    expect(none.json()).toEqual({ deliveries: 0, event: 'customer-notification' });
    await drain(t);
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0]!.body.toString())).toMatchObject({
      uuid: invoice!.uuid,
      marking: 'delivered',
    });

    const other = await t.createUser({ roles: CONFIG_ROLES });
    const foreign = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice!.uuid}/notify`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('records a delivery in the log of its own configuration only', async () => {
    const a = (await create({ event: 'receipt', target_url: `${receiver.url}/a` })).json<{
      uuid: string;
    }>();
    const b = (
      await create({ event: 'sistemats-receipt-ready', target_url: `${receiver.url}/b` })
    ).json<{ uuid: string }>();
    await publishWebhookEvent(t.app.platform.jobs, { ownerId, event: 'receipt', payload: {} });
    await drain(t);
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.apiConfigurationUuid, a.uuid));
    expect(rows.map((row) => row.status)).toEqual(['delivered']);
    expect((await deliveriesOf(b.uuid))['hydra:totalItems']).toBe(0);
  });
});

describe('webhook targets on private addresses', () => {
  let t: TestApp;
  let token: string;
  const receiver = new Receiver();

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0', WEBHOOK_ALLOW_PRIVATE: 'false' });
    token = (await t.createUser({ roles: CONFIG_ROLES })).token;
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('refuses loopback, private and link-local targets with a 422 on target_url', async () => {
    for (const target of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:192.168.1.1]/x',
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token,
        payload: { event: 'receipt', target_url: target },
      });
      expect(response.statusCode, target).toBe(422);
      expect(response.json(), target).toMatchObject({
        violations: [{ propertyPath: 'target_url' }],
      });
    }
    const [stored] = await t.db.select({ n: count() }).from(itApiConfigurations);
    expect(stored?.n).toBe(0);
  });

  it('accepts public targets', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token,
      payload: { event: 'receipt', target_url: 'https://93.184.215.14/hook' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses at connection time a name that resolves to a private address', async () => {
    const port = new URL(receiver.url).port;
    const result = await postWebhook({
      url: `http://localhost:${port}/x`,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      allowPrivate: false,
    });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/private address/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('does not follow redirects', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/' });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const result = await postWebhook({
      url: `http://127.0.0.1:${port}/`,
      headers: {},
      body: Buffer.from('{}'),
      allowPrivate: true,
    });
    await new Promise((resolve) => server.close(resolve));
    expect(result.status).toBe(302);
    expect(result.error).toMatch(/not followed/);
  });
});
