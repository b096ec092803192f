import type { Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  itApiConfigurations,
  itBusinessRegistryConfigurations,
  itInvoices,
  itRegistrySubAccounts,
  users,
  webhookDeliveries,
} from '../../src/db/schema/index.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { WEBHOOK_DELIVER_JOB, publishWebhookEvent } from '../../src/platform/webhooks/events.ts';
import { postWebhook } from '../../src/platform/webhooks/post-webhook.ts';
import { createAlpha, sample, sendXml } from '../../src/services/it/it-test-kit.ts';
import type { TestApp } from '../test-app.ts';
import { createTestApp, createTestDatabase, testConfig } from '../test-app.ts';
import { WebhookReceiver } from '../webhook-receiver.ts';

const CONFIG_ROLES = { it: ['ROLE_CONFIG', 'ROLE_INVOICING'], common: ['ROLE_USER'] };

/** A receiver that answers 200 at once, then writes one byte every `intervalMs`, never ending. */
class TricklingReceiver {
  private server: Server | undefined;
  private readonly responses = new Set<ServerResponse>();
  /** Requests whose body arrived (the delivery is in flight from then on). */
  received = 0;
  url = '';
  private waiters: (() => void)[] = [];

  constructor(private readonly intervalMs: number) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        this.received += 1;
        this.waiters.splice(0).forEach((wake) => wake());
        this.responses.add(response);
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('.'), this.intervalMs);
        response.on('close', () => {
          clearInterval(timer);
          this.responses.delete(response);
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Connections still trickling. */
  get open(): number {
    return this.responses.size;
  }

  whenReceived(): Promise<void> {
    if (this.received > 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Cuts every trickling connection. */
  hangUp(): void {
    for (const response of this.responses) response.destroy();
  }

  async stop(): Promise<void> {
    this.hangUp();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let round = 0; round < 600; round += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not reached within 15 s');
}

async function drain(t: TestApp): Promise<void> {
  for (let round = 0; round < 400; round += 1) {
    if ((await t.app.platform.worker.runOnce()) === 0) return;
  }
  throw new Error('the job queue did not drain');
}

describe('one slow webhook receiver cannot hold other work', () => {
  const trickle = new TricklingReceiver(100);
  beforeAll(() => trickle.start());
  afterAll(() => trickle.stop());

  it('ends a delivery at its total deadline even while the body trickles in', async () => {
    const result = await postWebhook({
      url: `${trickle.url}/hook`,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      allowPrivate: true,
      timeoutMs: 300,
    });
    expect(result.status).toBeNull();
    expect(result.error).toBe('no complete response within 300 ms');
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('records the failed attempt when the deadline passes (WEBHOOK_TIMEOUT_MS)', async () => {
    const t = await createTestApp({ SANDBOX_DELAY_MS: '60000', WEBHOOK_TIMEOUT_MS: '300' });
    try {
      const owner = await t.createUser({ roles: CONFIG_ROLES });
      const [configuration] = await t.db
        .insert(itApiConfigurations)
        .values({ ownerId: owner.user.id, event: 'receipt', targetUrl: `${trickle.url}/slow` })
        .returning();
      await publishWebhookEvent(t.app.platform.jobs, {
        ownerId: owner.user.id,
        event: 'receipt',
        payload: { n: 1 },
      });
      await drain(t);
      const [delivery] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.apiConfigurationUuid, configuration!.uuid));
      expect(delivery).toMatchObject({
        status: 'pending',
        attempt: 1,
        responseCode: null,
        error: 'no complete response within 300 ms',
      });
    } finally {
      await t.close();
    }
  });

  it("runs another tenant's SDI steps while a delivery trickles", async () => {
    // A long deadline: the delivery is still in flight when the SDI steps are done.
    const t = await createTestApp({ SANDBOX_DELAY_MS: '0', WEBHOOK_TIMEOUT_MS: '60000' });
    try {
      const slowTenant = await t.createUser({ roles: CONFIG_ROLES });
      await t.db.insert(itApiConfigurations).values({
        ownerId: slowTenant.user.id,
        event: 'receipt',
        targetUrl: `${trickle.url}/tenant-a`,
      });
      const otherTenant = await createAlpha(t);
      const worker = t.app.platform.worker;
      expect(worker.laneOf(WEBHOOK_DELIVER_JOB)).toBe('webhooks');
      worker.start();

      const before = trickle.received;
      await publishWebhookEvent(t.app.platform.jobs, {
        ownerId: slowTenant.user.id,
        event: 'receipt',
        payload: { n: 1 },
      });
      await waitFor(
        async () => trickle.received,
        (n) => n > before,
      );

      const sent = await sendXml(
        t,
        otherTenant.token,
        sample('official/v1.2.2/IT01234567890_FPR01.xml'),
        { 'x-sendasync': 'true' },
      );
      expect(sent.statusCode, sent.body).toBe(202);
      const { uuid } = sent.json<{ uuid: string }>();
      const marking = async () =>
        (
          await t.db
            .select({ marking: itInvoices.marking })
            .from(itInvoices)
            .where(eq(itInvoices.uuid, uuid))
        )[0]?.marking;
      expect(await waitFor(marking, (value) => value === 'delivered')).toBe('delivered');

      // The other tenant's delivery has not ended: it never stood in the SDI steps' way.
      expect(trickle.open).toBeGreaterThan(0);
      const [inFlight] = await t.db
        .select({ attempt: webhookDeliveries.attempt, status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.ownerId, slowTenant.user.id));
      expect(inFlight).toEqual({ attempt: 0, status: 'pending' });
    } finally {
      // Ends the delivery in flight, so stopping the worker does not wait for its deadline.
      trickle.hangUp();
      await t.close();
    }
  });
});

describe('SSRF guard (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;
  const receiver = new WebhookReceiver();
  let port: string;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0', WEBHOOK_ALLOW_PRIVATE: 'false' });
    const owner = await t.createUser({ roles: CONFIG_ROLES });
    token = owner.token;
    ownerId = owner.user.id;
    await receiver.start();
    port = new URL(receiver.url).port;
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });
  beforeEach(async () => {
    receiver.requests.length = 0;
    await t.db.delete(itApiConfigurations);
  });

  /** Every way of writing the receiver's loopback address, and a name that resolves to it. */
  const spellings = () => [
    `http://127.0.0.1:${port}/hook`,
    `http://0x7f.1:${port}/hook`,
    `http://[::127.0.0.1]:${port}/hook`,
    `http://[2002:7f00:1::1]:${port}/hook`,
    `http://[::ffff:127.0.0.1]:${port}/hook`,
    `http://[64:ff9b::7f00:1]:${port}/hook`,
    `http://localhost:${port}/hook`,
    `http://localhost.:${port}/hook`,
    // A single-label name (this machine's, which resolves to a loopback address).
    `http://${hostname().split('.')[0]}:${port}/hook`,
  ];

  it('refuses each spelling at save with a 422 on target_url', async () => {
    for (const target of spellings()) {
      const response = await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token,
        payload: { event: 'receipt', target_url: target },
      });
      expect(response.statusCode, target).toBe(422);
      expect(response.json(), target).toMatchObject({
        violations: [
          {
            propertyPath: 'target_url',
            message: 'Webhook targets on loopback or private addresses are not allowed.',
          },
        ],
      });
    }
    const [stored] = await t.db.select({ n: count() }).from(itApiConfigurations);
    expect(stored?.n).toBe(0);
  });

  it('delivers to none of them when they were saved earlier', async () => {
    const targets = spellings();
    const rows = await t.db
      .insert(itApiConfigurations)
      .values(targets.map((targetUrl) => ({ ownerId, event: 'receipt', targetUrl })))
      .returning();
    await publishWebhookEvent(t.app.platform.jobs, { ownerId, event: 'receipt', payload: {} });
    // The dispatch, then the first attempt of each delivery (a lane runs a few at a time).
    const attempted = async () => {
      const deliveries = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.ownerId, ownerId));
      return deliveries.length === rows.length && deliveries.every((d) => d.attempt > 0);
    };
    for (let round = 0; round < 20 && !(await attempted()); round += 1) {
      await t.app.platform.worker.runOnce();
    }
    expect(await attempted()).toBe(true);
    expect(receiver.requests).toHaveLength(0);
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.ownerId, ownerId));
    for (const row of rows) {
      const delivery = deliveries.find((d) => d.apiConfigurationUuid === row.uuid);
      expect(delivery?.responseCode, row.targetUrl).toBeNull();
      expect(delivery?.error, row.targetUrl).toMatch(
        /not allowed|resolves to a private address|ENOTFOUND|EAI_AGAIN/,
      );
    }
  });

  it('accepts a public address', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token,
      payload: { event: 'receipt', target_url: 'https://93.184.215.14/hook' },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('sub-accounts and webhook configurations', () => {
  let t: TestApp;
  let owner: { token: string; id: string };
  let lonely: { token: string };
  let linked: { token: string };
  const configurations: Record<'all' | 'r1' | 'r2' | 'both', string> = {
    all: '',
    r1: '',
    r2: '',
    both: '',
  };

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    const manager = await t.createUser({
      roles: { ...CONFIG_ROLES, common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'] },
    });
    owner = { token: manager.token, id: manager.user.id };
    const [r1, r2] = await t.db
      .insert(itBusinessRegistryConfigurations)
      .values([
        { ownerId: owner.id, fiscalId: '01234567890', name: 'ALPHA SRL' },
        { ownerId: owner.id, fiscalId: '09876543210', name: 'BETA SRL' },
      ])
      .returning();
    const create = async (links: string[]) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token: owner.token,
        payload: {
          event: 'customer-invoice',
          target_url: 'https://hooks.example.test/in',
          authentication_type: 'header',
          authentication_key: 'Bearer',
          authentication_token: 'owner-secret-token',
          business_registry_configurations: links,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ uuid: string }>().uuid;
    };
    configurations.all = await create([]);
    configurations.r1 = await create(['01234567890']);
    configurations.r2 = await create(['09876543210']);
    configurations.both = await create(['01234567890', '09876543210']);

    const subRoles = { it: ['ROLE_CONFIG', 'ROLE_INVOICING'], common: ['ROLE_USER'] };
    lonely = { token: (await t.createUser({ parentId: owner.id, roles: subRoles })).token };
    const linkedUser = await t.createUser({ parentId: owner.id, roles: subRoles });
    linked = { token: linkedUser.token };
    await t.db.insert(itRegistrySubAccounts).values({
      registryUuid: r1!.uuid,
      subAccountId: linkedUser.user.id,
    });
    expect(r2).toBeDefined();
  });
  afterAll(() => t.close());

  const list = async (token: string) => {
    const response = await t.request({
      method: 'GET',
      url: '/api/it/api-configurations?itemsPerPage=100',
      token,
      headers: { accept: 'application/ld+json' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ 'hydra:member': { uuid: string }[]; 'hydra:totalItems': number }>();
  };
  const put = (token: string, uuid: string, links: string[]) =>
    t.request({
      method: 'PUT',
      url: `/api/it/api-configurations/${uuid}`,
      token,
      payload: {
        event: 'customer-invoice',
        target_url: 'https://attacker.example.test/steal',
        authentication_type: 'header',
        authentication_key: 'Bearer',
        business_registry_configurations: links,
      },
    });

  it('a sub-account linked to no registry sees none and gets 404 on each', async () => {
    expect(await list(lonely.token)).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 0 });
    for (const uuid of Object.values(configurations)) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.request({
          method,
          url: `/api/it/api-configurations/${uuid}`,
          token: lonely.token,
        });
        expect(response.statusCode, `${method} ${uuid}`).toBe(404);
      }
      expect((await put(lonely.token, uuid, [])).statusCode).toBe(404);
      const deliveries = await t.request({
        method: 'GET',
        url: `/api/it/api-configurations/${uuid}/deliveries`,
        token: lonely.token,
      });
      expect(deliveries.statusCode).toBe(404);
    }
    // Nor can it create one for all the business's companies, or for a company not linked to it.
    for (const links of [[], ['01234567890']]) {
      const created = await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token: lonely.token,
        payload: {
          event: 'receipt',
          target_url: 'https://hooks.example.test/x',
          business_registry_configurations: links,
        },
      });
      expect(created.statusCode, JSON.stringify(links)).toBe(422);
    }
    const [stored] = await t.db
      .select({ n: count() })
      .from(itApiConfigurations)
      .where(eq(itApiConfigurations.targetUrl, 'https://attacker.example.test/steal'));
    expect(stored?.n).toBe(0);
  });

  it("a sub-account linked to a registry sees and changes only that registry's", async () => {
    const visible = await list(linked.token);
    expect(visible['hydra:member'].map((item) => item.uuid)).toEqual([configurations.r1]);
    expect(visible['hydra:totalItems']).toBe(1);
    for (const uuid of [configurations.all, configurations.r2, configurations.both]) {
      const read = await t.request({
        method: 'GET',
        url: `/api/it/api-configurations/${uuid}`,
        token: linked.token,
      });
      expect(read.statusCode).toBe(404);
      expect((await put(linked.token, uuid, ['01234567890'])).statusCode).toBe(404);
    }
    // Its own: editable, but not widened to a company it does not reach.
    expect((await put(linked.token, configurations.r1, ['09876543210'])).statusCode).toBe(422);
    expect((await put(linked.token, configurations.r1, [])).statusCode).toBe(422);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/it/api-configurations/${configurations.r1}`,
      token: linked.token,
      payload: {
        event: 'customer-invoice',
        target_url: 'https://hooks.example.test/other-path',
        authentication_type: 'header',
        authentication_key: 'Bearer',
        business_registry_configurations: ['01234567890'],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const created = await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token: linked.token,
      payload: {
        event: 'receipt',
        target_url: 'https://hooks.example.test/mine',
        business_registry_configurations: ['01234567890'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The owner still sees everything.
    expect((await list(owner.token))['hydra:totalItems']).toBe(5);
  });

  it("cannot take over the business's other configurations through its registry", async () => {
    const linksOfRegistry = async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/it/business-registry-configurations/01234567890',
        token: linked.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ api_configurations: { uuid: string }[] }>()
        .api_configurations.map((link) => link.uuid);
    };
    const putLinks = (links: string[]) =>
      t.request({
        method: 'PUT',
        url: '/api/it/business-registry-configurations/01234567890',
        token: linked.token,
        payload: { fiscal_id: '01234567890', api_configurations: links },
      });
    const before = await linksOfRegistry();
    // Linking the business's all-company webhook (or another company's) to its registry would
    // narrow it to this company and hand it over: refused as an unknown configuration.
    for (const foreign of [configurations.all, configurations.r2]) {
      const response = await putLinks([...before, foreign]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.body).toContain('api_configurations');
    }
    // Dropping the only link of its own configuration would make it fire for every company.
    const dropped = await putLinks(before.filter((uuid) => uuid !== configurations.r1));
    expect(dropped.statusCode, dropped.body).toBe(422);
    expect(await linksOfRegistry()).toEqual(before);
    expect((await list(linked.token))['hydra:member'].map((item) => item.uuid)).not.toContain(
      configurations.all,
    );
    // Keeping what is there is fine.
    expect((await putLinks(before)).statusCode).toBe(200);
  });
});

describe('authentication_token is write-only', () => {
  let t: TestApp;
  let token: string;
  const secret = 'tok-7f3a9c2e-write-only';

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    token = (await t.createUser({ roles: CONFIG_ROLES })).token;
  });
  afterAll(() => t.close());

  const storedToken = async (uuid: string) =>
    (
      await t.db
        .select({ token: itApiConfigurations.authenticationToken })
        .from(itApiConfigurations)
        .where(eq(itApiConfigurations.uuid, uuid))
    )[0]?.token;
  const body = (values: Record<string, unknown> = {}) => ({
    event: 'customer-invoice',
    target_url: 'https://hooks.example.test/in',
    authentication_type: 'header',
    authentication_key: 'Bearer',
    ...values,
  });

  it('is never returned: a hint at most', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token,
      payload: body({ authentication_token: secret }),
    });
    expect(created.statusCode).toBe(201);
    const { uuid } = created.json<{ uuid: string }>();
    expect(created.json()).toMatchObject({ authentication_token_hint: '••••only' });
    expect(created.json()).not.toHaveProperty('authentication_token');
    for (const [url, accept] of [
      [`/api/it/api-configurations/${uuid}`, 'application/json'],
      ['/api/it/api-configurations', 'application/json'],
      ['/api/it/api-configurations', 'application/ld+json'],
    ] as const) {
      const response = await t.request({ method: 'GET', url, token, headers: { accept } });
      expect(response.statusCode).toBe(200);
      expect(response.body, url).not.toContain(secret);
      expect(response.body, url).not.toContain('"authentication_token"');
      expect(response.body, url).toContain('"authentication_token_hint":"••••only"');
    }
    expect(await storedToken(uuid)).toBe(secret);
  });

  it('keeps the stored token unless a new one is typed', async () => {
    const { uuid } = (
      await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token,
        payload: body({ authentication_token: secret }),
      })
    ).json<{ uuid: string }>();
    const put = (values: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/it/api-configurations/${uuid}`,
        token,
        payload: body(values),
      });

    for (const kept of [{}, { authentication_token: null }, { authentication_token: '' }]) {
      const response = await put({ ...kept, target_url: 'https://hooks.example.test/moved' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(secret);
      expect(await storedToken(uuid)).toBe(secret);
    }
    // A new origin receives the token only if it is typed again.
    const elsewhere = await put({ target_url: 'https://attacker.example.test/in' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({
      violations: [{ propertyPath: 'authentication_token' }],
    });
    expect(await storedToken(uuid)).toBe(secret);

    const replaced = await put({ authentication_token: 'a-new-token-value' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ authentication_token_hint: '••••alue' });
    expect(await storedToken(uuid)).toBe('a-new-token-value');

    // Switching off authentication forgets it; switching it on again needs a new one.
    expect((await put({ authentication_type: 'none' })).statusCode).toBe(200);
    expect(await storedToken(uuid)).toBeNull();
    const missing = await put({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      violations: [{ propertyPath: 'authentication_token' }],
    });
  });
});

describe('server logs', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let db: Database;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    db = database.handle.db;
    const { config } = testConfig({ SANDBOX_DELAY_MS: '0' });
    // The app's own logger options, writing to a stream the test reads.
    app = await buildApp(config, {
      database: database.handle,
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('never hold the token, even in the parameters of a failed query', async () => {
    const secret = 'tok-3b1d-never-in-logs';
    const [user] = await db
      .insert(users)
      .values({ email: 'logs@example.test', passwordHash: 'x', roles: CONFIG_ROLES })
      .returning();
    const token = app.signToken(user!);
    // Make the insert fail inside PostgreSQL, with the token among its parameters.
    await db.execute(
      sql.raw(
        "ALTER TABLE it_api_configurations ADD CONSTRAINT test_refuse CHECK (target_url NOT LIKE '%refuse-me%')",
      ),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/it/api-configurations',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        event: 'receipt',
        target_url: 'https://hooks.example.test/refuse-me',
        authentication_type: 'query',
        authentication_key: 'password',
        authentication_token: secret,
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(secret);
    const log = lines.join('');
    // The failure is logged, with its SQL, but without the values written.
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query: insert into \\"it_api_configurations\\"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('Failing row contains');
    expect(log).not.toContain(token);
  });

  it('redact secrets logged as fields, at any usual depth', () => {
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer jwt-abc', cookie: 'sid=1' } },
        body: { authentication_token: 'tok-abc', password: 'pw-abc' },
        user: { credentials: { password: 'pw-def' } },
      },
      'request with secrets',
    );
    const log = lines.join('');
    expect(log).toContain('request with secrets');
    for (const value of ['jwt-abc', 'sid=1', 'tok-abc', 'pw-abc', 'pw-def']) {
      expect(log).not.toContain(value);
    }
  });
});
