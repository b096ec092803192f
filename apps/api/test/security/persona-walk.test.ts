import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import {
  itBusinessRegistryConfigurations,
  itRegistrySubAccounts,
  users,
} from '../../src/db/schema/index.ts';
import { DEMO_DOMAIN, DEMO_PASSWORD } from '../../src/db/seed-demo.ts';
import { DEMO_OWN_COMPANY } from '../../src/gateways/sdi/registries/index.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../src/gateways/tax-portal/fisconline-demo.ts';
import { createTestApp } from '../test-app.ts';
import type { OpenApiDocument, Operation } from './openapi-walk.ts';
import { arbitraryFor, operationsOf } from './openapi-walk.ts';

/**
 * The persona pass of the security walk: a business owner with data in every area (italy@ of the
 * demo seed, ALPHA SRL) and a sub-account of it linked to no business registry, holding every
 * role its parent holds. Every operation of the OpenAPI document is called as that sub-account
 * with the owner's real ids in its path parameters, query filters and body fields (uuids, fiscal
 * ids, emails, file names, invoice numbers, read from the owner's own lists), as JSON, CSV and
 * zip. No 2xx answer may hold the owner's data, and no write may reach an object of the owner.
 * Answers about the sub-account itself (its profile, its own credit) pass: the check is on the
 * owner's values, less what any other business sees too (a catalogue, a public directory).
 */

const SEED = 1726;
const SAMPLE = readFileSync(
  resolve(repoRoot, '../shared/spec/fatturapa/samples/official/v1.2.2/IT01234567890_FPR01.xml'),
  'utf8',
);
/** The owner's company as supplier: what a create for a fiscal id it may not act for sends. */
const OWNER_INVOICE = SAMPLE.replaceAll('01234567890', DEMO_OWN_COMPANY.vat).replace(
  '<Numero>123</Numero>',
  '<Numero>PERSONA-1</Numero>',
);

const testApp = await createTestApp({ SEED_DEMO: 'true', SANDBOX_DELAY_MS: '0' });
afterAll(() => testApp.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys whose string values are the owner's data when they are the owner's (see `markers`). */
const DATA_KEY =
  /(^|_)(uuid|id|email|fiscal_?id|fiscalId|vat|vat_number|number|invoice_number|file_name|fileName|sdi_id|sdi_file_name)$/i;

type Answer = { status: number; type: string; body: string };

async function call(
  method: string,
  url: string,
  token: string | undefined,
  options: { accept?: string; body?: string; contentType?: string } = {},
): Promise<Answer> {
  const response = await testApp.request({
    method: method as 'GET',
    url,
    token,
    headers: {
      accept: options.accept ?? 'application/json',
      ...(options.body !== undefined
        ? { 'content-type': options.contentType ?? 'application/json' }
        : {}),
    },
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type'] ?? ''),
    body: response.rawPayload.toString('latin1'),
  };
}

async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await call('POST', '/api/common/login', undefined, {
    body: JSON.stringify({ email, password }),
  });
  const token = (JSON.parse(answer.body) as { token?: string }).token;
  if (!token) throw new Error(`login ${email} failed: ${answer.status}`);
  return token;
}

/** Every string value of a JSON body, with the key it sits under. */
function* stringsOf(value: unknown, key = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item, key);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* stringsOf(v, k);
}

function parseJson(answer: Answer): unknown {
  if (!answer.type.includes('json')) return undefined;
  try {
    return JSON.parse(Buffer.from(answer.body, 'latin1').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** What a login sees in every collection of the document (GET, no path parameter). */
async function walkLists(operations: Operation[], token: string) {
  const byKey = new Map<string, Set<string>>();
  /** Per collection path, its first item (for the path parameters under it). */
  const firstItems = new Map<string, Record<string, unknown>>();
  for (const op of operations) {
    if (op.method !== 'GET' || op.pathParams.length > 0) continue;
    const query = op.queryParams.some((p) => p.name === 'itemsPerPage') ? '?itemsPerPage=100' : '';
    const answer = await call('GET', `${op.path}${query}`, token);
    if (answer.status !== 200) continue;
    const body = parseJson(answer);
    if (Array.isArray(body) && body[0] && typeof body[0] === 'object')
      firstItems.set(op.path, body[0] as Record<string, unknown>);
    for (const [key, value] of stringsOf(body)) {
      if (!byKey.has(key)) byKey.set(key, new Set());
      byKey.get(key)!.add(value);
    }
  }
  return { byKey, firstItems };
}

const document = JSON.parse(
  (await call('GET', '/api/docs/json', undefined)).body,
) as OpenApiDocument;
const operations = operationsOf(document);

const ownerEmail = `italy@${DEMO_DOMAIN}`;
const ownerToken = await login(ownerEmail);
const [ownerRow] = await testApp.db.select().from(users).where(eq(users.email, ownerEmail));
if (!ownerRow) throw new Error('the demo seed has no italy@');

/** Runs the job queue until nothing is due (the sandbox SDI's steps, with no delay). */
async function drainJobs(): Promise<void> {
  for (let round = 0; round < 100; round += 1)
    if ((await testApp.app.platform.worker.runOnce()) === 0) return;
}

/**
 * The owner's data in every area, made through the API as the owner would: a customer invoice
 * sent through the SDI sandbox and preserved, a supplier invoice, a draft, a transfer, a
 * webhook, a download job, Fisconline credentials, a pre-sale action and a sub-account linked
 * to the company.
 */
async function seedOwnerData(token: string): Promise<void> {
  const registries = JSON.parse(
    (await call('GET', '/api/it/business-registry-configurations', token)).body,
  ) as { fiscal_id: string }[];
  const company = registries.find((r) => r.fiscal_id === DEMO_OWN_COMPANY.vat)?.fiscal_id;
  if (!company) throw new Error('the demo seed has no registry of ALPHA SRL');
  const steps: [string, string, string, string?][] = [
    ['POST', '/api/it/invoices', OWNER_INVOICE, 'application/xml'],
    [
      'POST',
      '/api/it/invoices/draft',
      OWNER_INVOICE.replace('PERSONA-1', 'PERSONA-DRAFT'),
      'application/xml',
    ],
    ['POST', '/api/it/simulate/supplier-invoice', '{}'],
    [
      'POST',
      '/api/transfer/it/upload',
      JSON.stringify({
        project: 'it',
        path: `persona/IT${company}_PT001.xml`,
        content: Buffer.from(OWNER_INVOICE.replace('PERSONA-1', 'PERSONA-TRANSFER')).toString(
          'base64',
        ),
      }),
    ],
    [
      'POST',
      '/api/it/api-configurations',
      JSON.stringify({
        event: 'customer-invoice',
        target_url: 'https://hooks.example.test/alpha',
        authentication_type: 'none',
        business_registry_configurations: [],
      }),
    ],
    [
      'PUT',
      `/api/it/business-registry-configurations/${company}/credentials/fisconline`,
      JSON.stringify({
        codice_fiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale,
        password: DEMO_FISCONLINE_CREDENTIALS.password,
        pin: DEMO_FISCONLINE_CREDENTIALS.pin,
      }),
    ],
    // After the credentials: activation without them is refused.
    ['POST', `/api/it/schedule/invoice-download/${company}`, '{}'],
    [
      'POST',
      '/api/common/users/me/accounts',
      JSON.stringify({
        email: 'branch@alpha.example.test',
        fiscal_id: company,
        password: 'Branch pass 1!',
      }),
    ],
  ];
  for (const [method, url, body, contentType] of steps) {
    const answer = await call(method, url, token, {
      body,
      ...(contentType ? { contentType } : {}),
    });
    if (answer.status >= 300)
      throw new Error(`seeding ${method} ${url}: ${answer.status} ${answer.body}`);
  }
  // Linked in the table: italy@ holds its manager role in `common` only (issue 31's console part).
  const [branch] = await testApp.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'branch@alpha.example.test'));
  const [registry] = await testApp.db
    .select({ uuid: itBusinessRegistryConfigurations.uuid })
    .from(itBusinessRegistryConfigurations)
    .where(eq(itBusinessRegistryConfigurations.fiscalId, company));
  await testApp.db
    .insert(itRegistrySubAccounts)
    .values({ registryUuid: registry!.uuid, subAccountId: branch!.id });
  await drainJobs();
  const invoices = JSON.parse((await call('GET', '/api/it/invoices?type=0', token)).body) as {
    uuid: string;
  }[];
  for (const invoice of invoices.slice(0, 1))
    await call('POST', `/api/it/invoices/${invoice.uuid}/preserve`, token, { body: '{}' });
  await drainJobs();
}

await seedOwnerData(ownerToken);

// The persona: made by the owner as a manager makes one, then given every role of its parent
// (the manager roles too, which a manager cannot give: the pass is about scope, not roles).
const personaEmail = `persona-${Date.now()}@example.test`;
const personaPassword = 'Persona pass 1!';
const made = await call('POST', '/api/common/users/me/accounts', ownerToken, {
  body: JSON.stringify({
    email: personaEmail,
    fiscal_id: 'PRSPRS80A01F205X',
    fullname: 'Persona',
    password: personaPassword,
  }),
});
if (made.status !== 201)
  throw new Error(`the persona was not created: ${made.status} ${made.body}`);
await testApp.db.update(users).set({ roles: ownerRow.roles }).where(eq(users.email, personaEmail));
const [personaRow] = await testApp.db.select().from(users).where(eq(users.email, personaEmail));
let personaToken = await login(personaEmail, personaPassword);

// Another business with the same roles: what it sees too is nobody's in particular.
const stranger = await testApp.createUser({ roles: ownerRow.roles });

const owner = await walkLists(operations, ownerToken);
const elsewhere = await walkLists(operations, stranger.token);
const personaOwn = new Set([personaEmail, personaRow?.id ?? '', 'PRSPRS80A01F205X', 'Persona']);

/** The owner's values a sub-account linked to nothing must never be shown. */
const markers = new Set<string>();
for (const [key, values] of owner.byKey) {
  for (const value of values) {
    if (value.length < 3 || personaOwn.has(value)) continue;
    if (elsewhere.byKey.get(key)?.has(value)) continue;
    if ([...elsewhere.byKey.values()].some((seen) => seen.has(value))) continue;
    if (UUID.test(value) || DATA_KEY.test(key)) markers.add(value);
  }
}
markers.add(ownerRow.id);

/** The owner's value for a parameter or field name, when the owner's lists hold one. */
function ownerValueFor(name: string, collectionPath?: string): string | undefined {
  const item = collectionPath ? owner.firstItems.get(collectionPath) : undefined;
  const wanted =
    name === 'id' ? ['id', 'fiscal_id', 'uuid'] : name === 'fiscalId' ? ['fiscal_id'] : [name];
  for (const key of wanted) {
    const fromItem = item?.[key];
    if (typeof fromItem === 'string' && fromItem !== '') return fromItem;
  }
  for (const key of wanted) {
    const first = owner.byKey.get(key)?.values().next().value;
    if (first) return first;
  }
  if (/uuid/i.test(name)) return owner.byKey.get('uuid')?.values().next().value;
  if (/fiscal/i.test(name)) return owner.byKey.get('fiscal_id')?.values().next().value;
  if (/email/i.test(name)) return owner.byKey.get('email')?.values().next().value;
  return undefined;
}

/** The owner's values found in an answer. */
function leaks(answer: Answer): string[] {
  const json = parseJson(answer);
  const found = new Set<string>();
  if (json !== undefined) {
    for (const [, value] of stringsOf(json)) {
      if (markers.has(value)) found.add(value);
      else
        for (const marker of markers)
          if (UUID.test(marker) && value.includes(marker)) found.add(marker);
    }
    return [...found];
  }
  const text = answer.body;
  const cells = new Set(text.split(/[;,\t\r\n"<>/]+/));
  for (const marker of markers) {
    if (cells.has(marker) || (marker.length >= 8 && text.includes(marker))) found.add(marker);
  }
  return [...found];
}

type Attempt = {
  what: string;
  method: string;
  url: string;
  accept?: string;
  body?: string;
  contentType?: string;
  ownerObject: boolean;
};

function* attemptsFor(op: Operation): Generator<Attempt> {
  const collection = op.path.slice(0, op.path.indexOf('/{'));
  let ownerObject = false;
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = ownerValueFor(name, collection);
    if (value !== undefined) ownerObject = true;
    return encodeURIComponent(
      value ??
        String(
          fc.sample(arbitraryFor(op.pathParams.find((p) => p.name === name)?.schema ?? {}), {
            numRuns: 1,
            seed: SEED,
          })[0] ?? 'x',
        ),
    );
  });
  let body: string | undefined;
  let contentType: string | undefined;
  if (op.jsonBody) {
    const baseline = fc.sample(arbitraryFor(op.jsonBody), { numRuns: 1, seed: SEED })[0];
    if (baseline !== null && typeof baseline === 'object' && !Array.isArray(baseline)) {
      for (const key of Object.keys(baseline)) {
        const value = ownerValueFor(key);
        if (value !== undefined && typeof (baseline as Record<string, unknown>)[key] === 'string')
          (baseline as Record<string, unknown>)[key] = value;
      }
    }
    body = JSON.stringify(baseline ?? {});
  } else if (op.otherBodyTypes.some((type) => type.includes('xml'))) {
    body = OWNER_INVOICE;
    contentType = 'application/xml';
  }
  const base = { method: op.method, body, contentType, ownerObject };
  yield { ...base, what: 'as declared', url: path };
  if (op.method !== 'GET') return;
  for (const accept of ['text/csv', 'application/zip', 'application/ld+json'])
    yield { ...base, what: `Accept ${accept}`, url: path, accept };
  for (const param of op.queryParams) {
    const value = ownerValueFor(param.name);
    if (value === undefined || param.name === 'page' || param.name === 'itemsPerPage') continue;
    yield {
      ...base,
      what: `query ${param.name}`,
      url: `${path}?${new URLSearchParams([[param.name, value]]).toString()}`,
    };
  }
}

/** Operations on the persona's own login that would end its session (its password, itself). */
function endsTheSession(op: Operation): boolean {
  return (
    op.method !== 'GET' &&
    /^\/api\/common\/(users\/me(\/(password|change-password))?|logout)$/.test(op.path)
  );
}

describe('persona pass: an unlinked sub-account with every role of its parent', () => {
  it('has the owner data to look for, in every area', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(markers).toContain(DEMO_OWN_COMPANY.vat);
    expect(markers).toContain('branch@alpha.example.test');
    for (const collection of [
      '/api/it/invoices',
      '/api/it/invoices/draft',
      '/api/it/invoice-transfers',
      '/api/it/jobs',
      '/api/it/api-configurations',
    ]) {
      const uuid = owner.firstItems.get(collection)?.uuid;
      expect(typeof uuid === 'string' && markers.has(uuid), collection).toBe(true);
    }
  });

  it('is never shown the owner data, and never reaches an owner object', async () => {
    const failures: string[] = [];
    // Reads first, then writes: a write that wrongly succeeded cannot hide a read's leak.
    const ordered = [
      ...operations.filter((op) => op.method === 'GET'),
      ...operations.filter((op) => op.method !== 'GET' && !endsTheSession(op)),
    ];
    for (const op of ordered) {
      if (!op.secured) continue;
      for (const attempt of attemptsFor(op)) {
        let answer = await call(attempt.method, attempt.url, personaToken, attempt);
        if (answer.status === 401) {
          personaToken = await login(personaEmail, personaPassword);
          answer = await call(attempt.method, attempt.url, personaToken, attempt);
        }
        if (answer.status < 200 || answer.status >= 300) continue;
        const found = leaks(answer);
        const name = `${op.method} ${op.path} (${attempt.what}) ${answer.status}`;
        if (found.length > 0) failures.push(`${name}: holds ${found.slice(0, 3).join(', ')}`);
        else if (attempt.ownerObject && op.method !== 'GET')
          failures.push(`${name}: a write reached the owner's object`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
