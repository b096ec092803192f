import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import type { Login } from './acting-scope-test-kit.ts';
import {
  asIssuedByY,
  BUSINESS_ROLES,
  businessWithTwoCompanies,
  linkRegistry,
  X,
  Y,
} from './acting-scope-test-kit.ts';
import { drainJobs, sample, sendXml, unzip } from './it-test-kit.ts';

/*
 * The acting scope of the Italian invoices, drafts, imports, preserved documents, statistics and
 * the outbox: a business with companies X and Y, a sub-account linked to X and one linked to
 * nothing. The linked one reads and writes X's objects and finds none of Y's (404, JSON, CSV and
 * zip alike); a create for Y is a 403 naming Y; the unlinked sees nothing; the owner sees both.
 */

let t: TestApp;
let owner: Login;
let linked: Login;
let unlinked: Login;
/** The fixtures, one of each company: customer and supplier invoices, drafts, preserved documents. */
const of = {
  X: { customer: '', supplier: '', draft: '', notification: '', preserved: '' },
  Y: { customer: '', supplier: '', draft: '', notification: '', preserved: '' },
};

const FPR01 = sample('official/v1.2.2/IT01234567890_FPR01.xml');
/** FPR01 issued by X or Y. */
const customerXml = (company: 'X' | 'Y') => (company === 'X' ? FPR01 : asIssuedByY(FPR01));
/** FPR01 re-issued by a third supplier (the sample's carrier) to X or Y (its buyer). */
const supplierXml = (company: 'X' | 'Y') =>
  FPR01.replaceAll('01234567890', '24681012141').replace(
    '<CodiceFiscale>09876543210</CodiceFiscale>',
    `<CodiceFiscale>${company === 'X' ? X : Y}</CodiceFiscale>`,
  );
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(
  method: Method,
  url: string,
  login: Login,
  options: { payload?: object | string; headers?: Record<string, string> } = {},
) {
  return t.request({
    method,
    url,
    token: login.token,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

async function uuids(url: string, login: Login): Promise<string[]> {
  const response = await call('GET', url, login, { headers: { accept: 'application/json' } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { uuid: string }[]).map((item) => item.uuid).sort();
}

async function total(url: string, login: Login): Promise<number> {
  const response = await call('GET', url, login, { headers: { accept: 'application/ld+json' } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { 'hydra:totalItems': number })['hydra:totalItems'];
}

function expectForbiddenFor(
  response: { statusCode: number; body: string; headers: object },
  id: string,
) {
  expect(response.statusCode, response.body).toBe(403);
  expect((response.headers as Record<string, string>)['content-type']).toContain(
    'application/problem+json',
  );
  expect(JSON.parse(response.body).detail).toContain(id);
}

const sortedUuids = (...values: string[]) => [...values].sort();

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  const roles = { ...BUSINESS_ROLES, preservation: ['ROLE_USER'] };
  ({ owner, linked, unlinked } = await businessWithTwoCompanies(t, roles));
  // The preservation service is a platform of its own: given to the sub-accounts too (a role
  // change ends their sessions: they log in again, with the kit's password).
  for (const sub of [linked, unlinked]) {
    await t.db.update(users).set({ roles }).where(eq(users.id, sub.id));
    const session = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: sub.email, password: 'Str0ng pass!' },
    });
    sub.token = session.json<{ token: string }>().token;
  }

  for (const company of ['X', 'Y'] as const) {
    const sent = await sendXml(t, owner.token, customerXml(company));
    expect(sent.statusCode, sent.body).toBe(202);
    of[company].customer = (sent.json() as { uuid: string }).uuid;
    const imported = await call('POST', '/api/it/supplier-invoice-imports', owner, {
      payload: {
        invoice: base64(supplierXml(company)),
        invoice_file_name: `IT24681012141_0000${company}.xml`,
        sdi_id: company === 'X' ? '7001' : '7002',
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    of[company].supplier = (imported.json() as { uuid: string }).uuid;
    const draft = await call('POST', '/api/it/invoices/draft', owner, {
      payload: customerXml(company),
      headers: { 'content-type': 'application/xml' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    of[company].draft = (draft.json() as { uuid: string }).uuid;
  }
  await drainJobs(t);
  for (const company of ['X', 'Y'] as const) {
    const notifications = await call(
      'GET',
      `/api/it/invoices/${of[company].customer}/notifications`,
      owner,
    );
    of[company].notification = (notifications.json() as { uuid: string }[])[0]?.uuid ?? '';
    expect(of[company].notification).not.toBe('');
    const preserved = await call(
      'POST',
      `/api/it/invoices/${of[company].customer}/preserve`,
      owner,
    );
    expect(preserved.statusCode, preserved.body).toBe(202);
    of[company].preserved = (preserved.json() as { uuid: string }).uuid;
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('customer and supplier invoice lists', () => {
  it('lists each login the invoices of its companies, as JSON and ld+json with their totals', async () => {
    for (const [type, key] of [
      ['0', 'customer'],
      ['1', 'supplier'],
    ] as const) {
      const url = `/api/it/invoices?type=${type}`;
      expect(await uuids(url, owner)).toEqual(sortedUuids(of.X[key], of.Y[key]));
      expect(await uuids(url, linked)).toEqual([of.X[key]]);
      expect(await uuids(url, unlinked)).toEqual([]);
      // Only markings narrow these: the owner's total comes from the kept counters, a
      // sub-account's is counted with its scope.
      for (const query of ['', '&marking[]=delivered&marking[]=received', '&marking=waiting']) {
        const expected = query === '&marking=waiting' ? 0 : 1;
        expect(await total(`${url}${query}`, owner), query).toBe(expected * 2);
        expect(await total(`${url}${query}`, linked), query).toBe(expected);
        expect(await total(`${url}${query}`, unlinked), query).toBe(0);
      }
      // A filter on the other company's fiscal id finds nothing for the sub-account.
      const side = type === '0' ? 'sender' : 'recipient';
      expect(await uuids(`${url}&${side}.fiscalId=${Y}`, linked)).toEqual([]);
      expect(await uuids(`${url}&${side}.fiscalId=${Y}`, owner)).toEqual([of.Y[key]]);
    }
  });

  it('exports only the companies of the login as CSV, zip and report', async () => {
    const csv = (
      await call('GET', '/api/it/invoices?type=0', linked, {
        headers: { accept: 'text/csv' },
      })
    ).body;
    expect(csv).toContain(of.X.customer);
    expect(csv).not.toContain(of.Y.customer);
    const report = await call('GET', '/api/it/invoices/report?type=0', linked);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain(of.X.customer);
    expect(report.body).not.toContain(of.Y.customer);
    const ownerReport = await call('GET', '/api/it/invoices/report?type=0', owner);
    expect(ownerReport.body).toContain(of.Y.customer);

    for (const [login, expected] of [
      [linked, [of.X.supplier]],
      [unlinked, []],
      [owner, [of.X.supplier, of.Y.supplier]],
    ] as const) {
      const zip = await call('GET', '/api/it/invoices?type=1', login, {
        headers: { accept: 'application/zip' },
      });
      expect(zip.statusCode).toBe(200);
      const files = unzip(zip.rawPayload);
      const xmls = [...files.keys()].filter((name) => name.endsWith('.xml'));
      expect(xmls.map((name) => name.slice(-40, -4)).sort()).toEqual([...expected].sort());
      const index = files.get('index.csv')?.toString('utf8') ?? '';
      for (const uuid of [of.X.supplier, of.Y.supplier])
        expect(index.includes(uuid), uuid).toBe((expected as readonly string[]).includes(uuid));
    }
  });
});

describe('one invoice', () => {
  it("opens X's invoice for the linked sub-account and answers 404 for Y's, in every form", async () => {
    for (const accept of ['application/json', 'application/xml', 'application/pdf', 'text/html']) {
      const headers = { accept };
      expect(
        (await call('GET', `/api/it/invoices/${of.X.customer}`, linked, { headers })).statusCode,
      ).toBe(200);
      expect(
        (await call('GET', `/api/it/invoices/${of.X.supplier}`, linked, { headers })).statusCode,
      ).toBe(200);
      for (const uuid of [of.Y.customer, of.Y.supplier]) {
        expect(
          (await call('GET', `/api/it/invoices/${uuid}`, linked, { headers })).statusCode,
          accept,
        ).toBe(404);
        expect(
          (await call('GET', `/api/it/invoices/${uuid}`, owner, { headers })).statusCode,
          accept,
        ).toBe(200);
      }
      expect(
        (await call('GET', `/api/it/invoices/${of.X.customer}`, unlinked, { headers })).statusCode,
      ).toBe(404);
    }
    for (const suffix of ['notifications', 'fix-info', 'attachments/0', 'preserved-document']) {
      expect(
        (await call('GET', `/api/it/invoices/${of.Y.customer}/${suffix}`, linked)).statusCode,
        suffix,
      ).toBe(404);
      expect(
        (await call('GET', `/api/it/invoices/${of.X.customer}/${suffix}`, unlinked)).statusCode,
        suffix,
      ).toBe(404);
    }
    expect(
      (await call('GET', `/api/it/invoices/${of.X.customer}/notifications`, linked)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/it/invoices/${of.X.customer}/fix-info`, linked)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/it/invoices/${of.X.customer}/preserved-document`, linked))
        .statusCode,
    ).toBe(200);
    for (const accept of ['application/json', 'application/xml']) {
      const headers = { accept };
      expect(
        (await call('GET', `/api/it/notifications/${of.X.notification}`, linked, { headers }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('GET', `/api/it/notifications/${of.Y.notification}`, linked, { headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/it/notifications/${of.Y.notification}`, owner, { headers }))
          .statusCode,
      ).toBe(200);
    }
  });

  it("sends, scripts, marks and preserves X's invoices only", async () => {
    for (const suffix of ['notify', 'notifications/notify', 'preserve']) {
      expect(
        (await call('POST', `/api/it/invoices/${of.Y.customer}/${suffix}`, linked)).statusCode,
        suffix,
      ).toBe(404);
      expect(
        (await call('POST', `/api/it/invoices/${of.X.customer}/${suffix}`, unlinked)).statusCode,
        suffix,
      ).toBe(404);
      const allowed = await call('POST', `/api/it/invoices/${of.X.customer}/${suffix}`, linked);
      expect(allowed.statusCode, allowed.body).toBeLessThan(300);
    }
    expect(
      (
        await call('POST', `/api/it/simulate/customer-notification/DT/${of.Y.customer}`, linked, {
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/it/simulate/customer-notification/DT/${of.X.customer}`, unlinked, {
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/it/invoices/${of.Y.customer}/archive-rejected`, linked)).statusCode,
    ).toBe(404);

    const marked = await call('POST', '/api/it/invoices/downloaded', linked, {
      payload: { uuids: [of.X.customer, of.Y.customer, of.Y.supplier], downloaded: true },
    });
    expect(marked.json()).toEqual({ updated: 1 });
    expect(await uuids('/api/it/invoices?type=0&downloaded=1', owner)).toEqual([of.X.customer]);
    const none = await call('POST', '/api/it/invoices/downloaded', unlinked, {
      payload: { uuids: [of.X.customer, of.X.supplier], downloaded: true },
    });
    expect(none.json()).toEqual({ updated: 0 });
    await call('POST', '/api/it/invoices/downloaded', owner, {
      payload: { uuids: [of.X.customer], downloaded: false },
    });
  });

  it('refuses to send, import or simulate for a company the login may not act for (403 naming it)', async () => {
    expectForbiddenFor(await sendXml(t, linked.token, customerXml('Y')), Y);
    expectForbiddenFor(await sendXml(t, unlinked.token, customerXml('X')), X);
    expectForbiddenFor(
      await call('POST', '/api/it/customer-invoice-imports', linked, {
        payload: {
          invoice: base64(customerXml('Y')),
          invoice_file_name: `IT${Y}_00009.xml`,
          sdi_id: '7009',
        },
      }),
      Y,
    );
    expectForbiddenFor(
      await call('POST', '/api/it/supplier-invoice-imports', linked, {
        payload: {
          invoice: base64(supplierXml('Y')),
          invoice_file_name: 'IT24681012141_0000Z.xml',
          sdi_id: '7010',
        },
      }),
      Y,
    );
    expectForbiddenFor(
      await call('POST', '/api/it/simulate/supplier-invoice', linked, {
        payload: { invoice: supplierXml('Y') },
      }),
      Y,
    );
    // Nothing was stored for Y.
    expect(await total('/api/it/invoices?type=0', owner)).toBe(2);
    expect(await total('/api/it/invoices?type=1', owner)).toBe(2);
  });
});

describe('drafts', () => {
  it("lists, opens, edits and refuses each login's drafts by its companies", async () => {
    const list = '/api/it/invoices/draft';
    expect(await uuids(list, owner)).toEqual(sortedUuids(of.X.draft, of.Y.draft));
    expect(await uuids(list, linked)).toEqual([of.X.draft]);
    expect(await uuids(list, unlinked)).toEqual([]);
    expect(await total(list, linked)).toBe(1);
    expect(await total(list, unlinked)).toBe(0);
    expect(await total(list, owner)).toBe(2);

    const xml = { 'content-type': 'application/xml' };
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PUT', '', customerXml('Y')],
      ['POST', '/send', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const url = `/api/it/invoices/draft/${of.Y.draft}${suffix}`;
      const options = payload === undefined ? {} : { payload, headers: xml };
      expect((await call(method, url, linked, options)).statusCode, `${method} ${suffix}`).toBe(
        404,
      );
      const ofX = `/api/it/invoices/draft/${of.X.draft}${suffix}`;
      const xOptions = payload === undefined ? {} : { payload: customerXml('X'), headers: xml };
      expect((await call(method, ofX, unlinked, xOptions)).statusCode, `${method} ${suffix}`).toBe(
        404,
      );
    }
    expect((await call('GET', `/api/it/invoices/draft/${of.X.draft}`, linked)).statusCode).toBe(
      200,
    );
    expect(
      (
        await call('PUT', `/api/it/invoices/draft/${of.X.draft}`, linked, {
          payload: customerXml('X'),
          headers: xml,
        })
      ).statusCode,
    ).toBe(200);
    // Moving X's draft to Y, or drafting for Y, is refused and names Y.
    expectForbiddenFor(
      await call('PUT', `/api/it/invoices/draft/${of.X.draft}`, linked, {
        payload: customerXml('Y'),
        headers: xml,
      }),
      Y,
    );
    expectForbiddenFor(
      await call('POST', list, linked, { payload: customerXml('Y'), headers: xml }),
      Y,
    );
    expectForbiddenFor(
      await call('POST', list, unlinked, { payload: customerXml('X'), headers: xml }),
      X,
    );
    expect(await uuids(list, owner)).toEqual(sortedUuids(of.X.draft, of.Y.draft));

    const created = await call('POST', list, linked, { payload: customerXml('X'), headers: xml });
    expect(created.statusCode, created.body).toBe(201);
    const mine = (created.json() as { uuid: string }).uuid;
    expect(await uuids(list, linked)).toEqual(sortedUuids(of.X.draft, mine));
    expect((await call('DELETE', `/api/it/invoices/draft/${mine}`, linked)).statusCode).toBe(204);
    expect(await uuids(list, owner)).toEqual(sortedUuids(of.X.draft, of.Y.draft));
  });
});

describe('preserved documents', () => {
  it("lists and opens each login's documents by its companies", async () => {
    const list = '/api/preservation/preserved-documents/it/customer-invoice';
    expect(await uuids(list, owner)).toEqual(sortedUuids(of.X.preserved, of.Y.preserved));
    expect(await uuids(list, linked)).toEqual([of.X.preserved]);
    expect(await uuids(list, unlinked)).toEqual([]);
    expect(await total(list, linked)).toBe(1);
    const original = (uuid: string) => `${list}/${uuid}/original-document`;
    expect((await call('GET', original(of.X.preserved), linked)).statusCode).toBe(200);
    expect((await call('GET', original(of.Y.preserved), linked)).statusCode).toBe(404);
    expect((await call('GET', original(of.X.preserved), unlinked)).statusCode).toBe(404);
    expect((await call('GET', original(of.Y.preserved), owner)).statusCode).toBe(200);
    expect((await call('GET', `${list}/${of.Y.preserved}/receipt`, linked)).statusCode).toBe(404);
  });
});

describe('statistics', () => {
  it("counts each login's companies only", async () => {
    const year = new Date().getFullYear();
    const counts = async (login: Login, query = '') => {
      const response = await call('GET', `/api/it/invoices/stats/${year}${query}`, login);
      expect(response.statusCode, response.body).toBe(200);
      const { stats } = response.json() as {
        stats: {
          customer_invoices: { count: number };
          supplier_invoice: { count: number };
          notifications: { rc: number };
        };
      };
      return [stats.customer_invoices.count, stats.supplier_invoice.count, stats.notifications.rc];
    };
    expect(await counts(owner)).toEqual([2, 2, 2]);
    expect(await counts(linked)).toEqual([1, 1, 1]);
    expect(await counts(unlinked)).toEqual([0, 0, 0]);
    expect(await counts(linked, `?fiscal_id=${Y}`)).toEqual([0, 0, 0]);
    expect(await counts(owner, `?fiscal_id=${Y}`)).toEqual([1, 1, 1]);
  });
});

describe('the outbox', () => {
  it('shows a sub-account only the mails addressed to it', async () => {
    const mailer = t.app.platform.mailer;
    await mailer.send({ to: owner.email, subject: 'To the owner', text: 'owner' });
    await mailer.send({ to: linked.email, subject: 'To the sub-account', text: 'sub' });
    const subjects = async (login: Login) => {
      const response = await call('GET', '/api/dev/outbox', login);
      expect(response.statusCode).toBe(200);
      return (response.json() as { subject: string }[]).map((mail) => mail.subject);
    };
    expect(await subjects(linked)).toEqual(['To the sub-account']);
    expect(await subjects(unlinked)).toEqual([]);
    expect(await subjects(owner)).toEqual(['To the owner']);
  });
});

describe('unlinking', () => {
  it('takes effect on the next request with the same token', async () => {
    expect(await uuids('/api/it/invoices?type=0', linked)).toEqual([of.X.customer]);
    await linkRegistry(t, owner, X, linked, true);
    expect(await uuids('/api/it/invoices?type=0', linked)).toEqual([]);
    expect(await total('/api/it/invoices?type=0', linked)).toBe(0);
    expect(await uuids('/api/it/invoices/draft', linked)).toEqual([]);
    expect((await call('GET', `/api/it/invoices/${of.X.customer}`, linked)).statusCode).toBe(404);
    expectForbiddenFor(await sendXml(t, linked.token, customerXml('X')), X);
    // Linked to Y instead: Y's objects, and no longer X's.
    await linkRegistry(t, owner, Y, linked);
    expect(await uuids('/api/it/invoices?type=1', linked)).toEqual([of.Y.supplier]);
    expect(
      await uuids('/api/preservation/preserved-documents/it/customer-invoice', linked),
    ).toEqual([of.Y.preserved]);
  });
});
