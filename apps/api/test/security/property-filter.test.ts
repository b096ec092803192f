import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { itApiConfigurations, itInvoices } from '../../src/db/schema/index.ts';
import { InvoicesRepository } from '../../src/services/it/invoices/invoices.repository.ts';
import { createAlpha, drainJobs, sample, sendXml } from '../../src/services/it/it-test-kit.ts';
import type { TestApp } from '../test-app.ts';
import { createTestApp } from '../test-app.ts';

/**
 * Issue 17 "Huge pages": list records carry each invoice's full payload, so one imported 4 MB
 * invoice made a 30-row page 4 MB. API Platform's property filter (`properties[]=…`) lets a
 * client ask for the properties it shows; without it the record stays the spec's.
 */

let t: TestApp;
let alpha: { token: string; user: { id: string } };
let bigInvoice: string;
let bigDraft: string;
const FOUR_MB = 4 * 1024 * 1024;

type Member = Record<string, unknown>;
type HydraPage = {
  '@context': string;
  '@id': string;
  '@type': string;
  'hydra:member': Member[];
  'hydra:totalItems': number;
  'hydra:view': Record<string, string>;
};

function get(url: string, accept = 'application/ld+json') {
  return t.request({ method: 'GET', url, token: alpha.token, headers: { accept } });
}

/** Replaces a stored invoice's payload with one holding a 4 MB attachment, as an import would. */
async function inflatePayload(uuid: string) {
  const [row] = await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
  const payload = row!.payload as Record<string, unknown>;
  await t.db
    .update(itInvoices)
    .set({ payload: { ...payload, allegato_enorme: 'A'.repeat(FOUR_MB) } })
    .where(eq(itInvoices.uuid, uuid));
}

const listedProperties = 'properties[]=uuid&properties[]=invoiceNumber&properties[]=marking';

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  alpha = await createAlpha(t);
  const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml');
  for (let i = 0; i < 3; i += 1) {
    const response = await sendXml(t, alpha.token, xml);
    expect(response.statusCode, response.body).toBe(202);
    bigInvoice = (response.json() as { uuid: string }).uuid;
  }
  await drainJobs(t);
  await inflatePayload(bigInvoice);
  const draft = await sendXml(t, alpha.token, xml, {}, '/api/it/invoices/draft');
  expect(draft.statusCode, draft.body).toBeLessThan(300);
  bigDraft = (draft.json() as { uuid: string }).uuid;
  await inflatePayload(bigDraft);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

describe('property filter on the invoice list', () => {
  it('answers a small page holding only the asked properties (hydra envelope intact)', async () => {
    const response = await get(`/api/it/invoices?type=0&itemsPerPage=2&${listedProperties}`);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.body.length).toBeLessThan(4096);
    const page = response.json() as HydraPage;
    expect(page['@type']).toBe('hydra:Collection');
    expect(page['@context']).toBe('/api/contexts/Collection');
    expect(page['@id']).toBe('/api/it/invoices');
    expect(page['hydra:totalItems']).toBe(3);
    expect(page['hydra:member']).toHaveLength(2);
    for (const member of page['hydra:member']) {
      expect(Object.keys(member).sort()).toEqual(['invoiceNumber', 'marking', 'uuid']);
    }
    expect(page['hydra:member'].map((member) => member.uuid)).toContain(bigInvoice);
    // The pages' links keep the filter, as API Platform's do.
    expect(decodeURIComponent(page['hydra:view']['hydra:next']!)).toContain('properties[]=uuid');
    expect(page['hydra:view']['@type']).toBe('hydra:PartialCollectionView');
  });

  it('answers the bare JSON array with the same members', async () => {
    const response = await get(`/api/it/invoices?type=0&${listedProperties}`, 'application/json');
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(4096);
    const members = response.json() as Member[];
    expect(Array.isArray(members)).toBe(true);
    expect(members).toHaveLength(3);
    for (const member of members) {
      expect(Object.keys(member).sort()).toEqual(['invoiceNumber', 'marking', 'uuid']);
    }
  });

  it('leaves the full record unchanged without properties[]', async () => {
    const response = await get('/api/it/invoices?type=0');
    expect(response.statusCode).toBe(200);
    const page = response.json() as HydraPage;
    const big = page['hydra:member'].find((member) => member.uuid === bigInvoice)!;
    expect((big.payload as string).length).toBeGreaterThan(FOUR_MB);
    const item = (await get(`/api/it/invoices/${bigInvoice}`, 'application/json')).json() as Member;
    expect(big).toEqual(item);
    expect(Object.keys(big)).toEqual(expect.arrayContaining(['payload', 'sender', 'to_pa']));
  });

  it('reads no payload from the database when it is not asked for', async () => {
    const list = vi.spyOn(InvoicesRepository.prototype, 'list');
    try {
      await get(`/api/it/invoices?type=0&${listedProperties}`);
      const rows = (await list.mock.results[0]!.value) as { items: object[] };
      expect(rows.items).toHaveLength(3);
      for (const row of rows.items) expect(row).not.toHaveProperty('payload');

      await get('/api/it/invoices?type=0&properties[]=uuid&properties[]=payload');
      const withPayload = (await list.mock.results[1]!.value) as { items: object[] };
      for (const row of withPayload.items) expect(row).toHaveProperty('payload');
    } finally {
      list.mockRestore();
    }
  });

  it('filters nested properties with API Platform syntax', async () => {
    const response = await get(
      `/api/it/invoices?type=0&properties[]=uuid&properties[sender][]=business_name`,
    );
    expect(response.statusCode).toBe(200);
    const [member] = (response.json() as HydraPage)['hydra:member'];
    expect(member).toEqual({
      uuid: expect.any(String),
      sender: { business_name: "SOCIETA' ALPHA SRL" },
    });
  });

  it('ignores unknown names, prototype keys included, as API Platform does', async () => {
    const response = await get(
      '/api/it/invoices?type=0&properties[]=uuid&properties[]=ownerId&properties[]=xml' +
        '&properties[]=constructor&properties[]=__proto__&properties[]=&properties[toString][]=x',
    );
    expect(response.statusCode).toBe(200);
    for (const member of (response.json() as HydraPage)['hydra:member']) {
      expect(Object.keys(member)).toEqual(['uuid']);
    }
  });

  it('asks for notifications only when they are among the properties', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/it/invoices?type=0&properties[]=uuid&properties[]=notifications`,
      token: alpha.token,
      headers: { accept: 'application/json', 'x-extended-output': 'true' },
    });
    expect(response.statusCode).toBe(200);
    const [member] = response.json() as Member[];
    expect(Object.keys(member!).sort()).toEqual(['notifications', 'uuid']);
    expect((member!.notifications as unknown[]).length).toBeGreaterThan(0);
  });

  it.each([
    ['a bare name', 'properties=uuid'],
    ['a named key without []', 'properties[sender]=business_name'],
    ['an unclosed bracket', 'properties[sender=x'],
    ['text after the brackets', 'properties[]x=uuid'],
    ['an empty nested name', 'properties[][]=uuid'],
    ['too deep a nesting', 'properties[a][b][c][d][e][]=x'],
    ['too many names', Array.from({ length: 201 }, (_, i) => `properties[]=p${i}`).join('&')],
    ['too long a name', `properties[]=${'n'.repeat(300)}`],
  ])('refuses %s with a 400 problem', async (_label, query) => {
    const response = await get(`/api/it/invoices?type=0&${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((response.json() as { status: number }).status).toBe(400);
  });
});

describe('property filter on the other lists', () => {
  it('answers a small drafts page and reads no payload', async () => {
    const list = vi.spyOn(InvoicesRepository.prototype, 'list');
    try {
      const response = await get(`/api/it/invoices/draft?${listedProperties}`);
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeLessThan(4096);
      const page = response.json() as HydraPage;
      expect(page['hydra:totalItems']).toBe(1);
      expect(page['hydra:member']).toEqual([
        { uuid: bigDraft, invoiceNumber: expect.any(String), marking: 'draft' },
      ]);
      const rows = (await list.mock.results[0]!.value) as { items: object[] };
      expect(rows.items[0]).not.toHaveProperty('payload');
    } finally {
      list.mockRestore();
    }
    const full = (await get('/api/it/invoices/draft')).json() as HydraPage;
    expect((full['hydra:member'][0]!.payload as string).length).toBeGreaterThan(FOUR_MB);
  });

  it('projects any collection and never exposes what its schema leaves out', async () => {
    await t.db.insert(itApiConfigurations).values({
      ownerId: alpha.user.id,
      event: 'customer-invoice',
      targetUrl: 'https://hooks.example.test/fiscus',
    });
    const response = await get(
      '/api/it/api-configurations?properties[]=uuid&properties[]=target_url&properties[]=owner_id' +
        '&properties[]=ownerId',
      'application/json',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { uuid: expect.any(String), target_url: 'https://hooks.example.test/fiscus' },
    ]);
    const refused = await get('/api/it/api-configurations?properties[uuid]=x');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('documents properties[] on every collection route of the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
          }
        >
      >;
    };
    const collections = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          JSON.stringify(
            operation.responses?.['200']?.content?.['application/ld+json']?.schema ?? {},
          ).includes('hydra:member'),
        )
        .map(([method, operation]) => ({ path, method, operation })),
    );
    expect(collections.length).toBeGreaterThanOrEqual(10);
    for (const { path, method, operation } of collections) {
      const names = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      expect(names, `${method.toUpperCase()} ${path}`).toContain('properties[]');
    }
  });
});
