import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import {
  itBusinessRegistryConfigurations,
  itInvoices,
  itNotifications,
} from '../../../db/schema/index.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../../gateways/tax-portal/fisconline-demo.ts';
import { romeToday } from '../sdi-simulation/generated-invoice.ts';
import {
  ALL_IT_ROLES,
  createAlpha,
  drainJobs,
  getInvoice,
  sample,
  sendXml,
} from '../it-test-kit.ts';
import { sandboxTaxPortal } from '../tax-drawer/compose.ts';
import { businessWithTwoCompanies, linkRegistry, X, Y } from '../acting-scope-test-kit.ts';

const REGISTRIES = '/api/it/business-registry-configurations';
const RECOVER_ROLES = {
  it: [...ALL_IT_ROLES, 'ROLE_INVOICING_RECOVER'],
  common: ['ROLE_USER'],
};
const DEMO = {
  codice_fiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale,
  password: DEMO_FISCONLINE_CREDENTIALS.password,
  pin: DEMO_FISCONLINE_CREDENTIALS.pin,
};
/** The official samples' seller (ALPHA SRL): the sandbox's SDI registers it as it is. */
const ALPHA = '01234567890';

type Recovery = {
  recovered: { uuid: string; sdi_id: string; file_name: string; rejected_at: string }[];
  skipped: number;
  failed: unknown[];
};

describe('rejected invoices: count and recovery from the cassetto', () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;
  /** An invoice of ALPHA SRL the SDI sandbox rejected (another account sent it). */
  let rejectedSdiId: string;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    const sender = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml')
      .replace('<Numero>123</Numero>', '<Numero>NS-REC-1</Numero>')
      .replace(
        '<CodiceDestinatario>ABC1234</CodiceDestinatario>',
        '<CodiceDestinatario>INA0001</CodiceDestinatario>',
      );
    const sent = await sendXml(t, sender.token, xml);
    expect(sent.statusCode, sent.body).toBe(202);
    const { uuid } = sent.json<{ uuid: string }>();
    await drainJobs(t);
    expect((await getInvoice(t, sender.token, uuid)).marking).toBe('rejected');
    const [row] = await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
    rejectedSdiId = row?.sdiFileId ?? '';
    expect(rejectedSdiId).toMatch(/^\d{9}$/);

    const recoverer = await createAlpha(t, RECOVER_ROLES);
    token = recoverer.token;
    ownerId = recoverer.user.id;
    // The samples' VAT number has a wrong check digit, which the API refuses: stored as the demo does.
    await t.db
      .insert(itBusinessRegistryConfigurations)
      .values({ ownerId, fiscalId: ALPHA, name: 'ALPHA SRL' });
  });
  afterAll(() => t.close());

  const count = (query = '', fiscalId = ALPHA, as = token) =>
    t.request({
      method: 'GET',
      url: `/api/it/rejected-invoices/${fiscalId}/count${query}`,
      token: as,
    });
  const recover = (payload: Record<string, unknown> = {}, fiscalId = ALPHA, as = token) =>
    t.request({
      method: 'POST',
      url: `/api/it/rejected-invoices/${fiscalId}/recover`,
      token: as,
      payload,
    });
  const customerInvoices = () =>
    t.db
      .select()
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, ownerId), eq(itInvoices.type, 0)));

  it('needs the registry Fisconline credentials first', async () => {
    const refused = await count();
    expect(refused.statusCode).toBe(422);
    // The code and the fiscal id: the console words the refusal in its user's language.
    expect(refused.json()).toMatchObject({
      violations: [
        {
          propertyPath: 'fiscal_id',
          code: 'CREDENTIALS_MISSING',
          parameters: { fiscal_id: ALPHA },
        },
      ],
    });
    expect((await recover()).statusCode).toBe(422);
    const stored = await t.request({
      method: 'PUT',
      url: `${REGISTRIES}/${ALPHA}/credentials/fisconline`,
      token,
      payload: DEMO,
    });
    expect(stored.statusCode).toBe(200);
  });

  it('counts the last 90 days by default: the sandbox SDI rejection is pending', async () => {
    const response = await count();
    expect(response.statusCode, response.body).toBe(200);
    const { count: total, pending } = response.json<{ count: number; pending: number }>();
    expect(total).toBeGreaterThanOrEqual(1);
    expect(pending).toBe(total);
  });

  it('recovers the range as rejected customer invoices with their NS, never twice', async () => {
    const year = { from_date: '2025-01-01', to_date: '2025-12-31' };
    const before = (await count(`?from_date=2025-01-01&to_date=2025-12-31`)).json<{
      count: number;
      pending: number;
    }>();
    expect(before.count).toBeGreaterThanOrEqual(1);

    const first = await recover(year);
    expect(first.statusCode, first.body).toBe(200);
    const recovery = first.json<Recovery>();
    expect(recovery.failed).toEqual([]);
    expect(recovery.skipped).toBe(0);
    expect(recovery.recovered).toHaveLength(before.count);
    for (const item of recovery.recovered) {
      const invoice = await getInvoice(t, token, item.uuid);
      expect(invoice.marking).toBe('rejected');
      const notices = await t.db
        .select()
        .from(itNotifications)
        .where(eq(itNotifications.invoiceUuid, item.uuid));
      expect(notices.map((n) => n.type)).toEqual(['NS']);
      // Refused for the customer's mistyped VAT number (00305): it can be fixed and sent again.
      const fixInfo = await t.request({
        method: 'GET',
        url: `/api/it/invoices/${item.uuid}/fix-info`,
        token,
      });
      expect(fixInfo.json()).toEqual({ uuid: item.uuid, is_fixable: true });
      expect(item.rejected_at >= '2024-12-31').toBe(true);
    }
    expect((await count(`?from_date=2025-01-01&to_date=2025-12-31`)).json()).toEqual({
      count: before.count,
      pending: 0,
    });

    const again = await recover(year);
    expect(again.json<Recovery>()).toMatchObject({ recovered: [], skipped: before.count });
    expect(await customerInvoices()).toHaveLength(before.count);
  });

  it('imports the sandbox SDI rejection of another account, then counts it as done', async () => {
    const today = romeToday();
    const response = await recover({ from_date: today, to_date: today });
    expect(response.statusCode, response.body).toBe(200);
    const recovered = response.json<Recovery>().recovered;
    const mine = recovered.find((item) => item.sdi_id === rejectedSdiId);
    expect(mine).toBeDefined();
    const invoice = await getInvoice(t, token, mine?.uuid ?? '');
    expect(invoice).toMatchObject({ marking: 'rejected' });
    // The rest of the last 90 days (seeded rejections), then nothing is pending.
    expect((await recover()).json<Recovery>().failed).toEqual([]);
    expect((await count()).json<{ pending: number }>().pending).toBe(0);
  });

  it('refuses ranges in the wrong order or over a year, and malformed days', async () => {
    const order = await count('?from_date=2025-06-02&to_date=2025-06-01');
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({
      violations: [{ propertyPath: 'to_date', message: 'from_date must not be after to_date.' }],
    });
    const long = await recover({ from_date: '2024-01-01', to_date: '2025-01-02' });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ violations: [{ propertyPath: 'to_date' }] });
    // A leap year is 366 days: allowed.
    expect((await count('?from_date=2024-01-01&to_date=2024-12-31')).statusCode).toBe(200);
    expect((await count('?from_date=2025-02-30')).statusCode).toBe(400);
    expect((await count('?to_date=yesterday')).statusCode).toBe(400);
    expect((await recover({ from_date: '2025-13-01' })).statusCode).toBe(422);
    expect((await recover({ to_date: 20250101 })).statusCode).toBe(422);
  });

  it('keeps fiscal ids to their account and the recover role', async () => {
    const before = (await customerInvoices()).length;
    const other = await createAlpha(t, RECOVER_ROLES);
    expect((await count('', ALPHA, other.token)).statusCode).toBe(404);
    expect((await recover({}, ALPHA, other.token)).statusCode).toBe(404);
    expect((await count('', '09876543210')).statusCode).toBe(404);
    expect((await count('', '..%2F..%2Fetc')).statusCode).toBe(404);

    const noRecoverRole = await createAlpha(t);
    expect((await count('', ALPHA, noRecoverRole.token)).statusCode).toBe(403);
    expect((await recover({}, ALPHA, noRecoverRole.token)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'GET',
      url: `/api/it/rejected-invoices/${ALPHA}/count`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await customerInvoices()).toHaveLength(before);
  });
});

describe('the sandbox cassetto reads what the SDI sandbox delivered', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  });
  afterAll(() => t.close());

  it('holds an invoice delivered (RC) to its buyer, with SDI metadata, and not an imported one', async () => {
    const { token } = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>CASS-1</Numero>',
    );
    const { uuid } = (await sendXml(t, token, xml)).json<{ uuid: string }>();
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('delivered');
    const [row] = await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));

    const imported = await t.request({
      method: 'POST',
      url: '/api/it/customer-invoice-imports',
      token,
      payload: {
        invoice: Buffer.from(xml.replace('CASS-1', 'CASS-2')).toString('base64'),
        invoice_file_name: 'IT01234567890_IMP01.xml',
        sdi_id: '555000111',
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);

    const day = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) };
    const cassetto = await sandboxTaxPortal(t.db).receivedInvoices('09876543210', day);
    const delivered = cassetto.find((invoice) => invoice.sdiId === row?.sdiFileId);
    expect(delivered).toMatchObject({ fileName: row?.sdiFileName, supplierFiscalId: ALPHA });
    expect(delivered?.xml.toString()).toContain('CASS-1');
    expect(delivered?.metadataXml.toString()).toContain(`<IdentificativoSdI>${row?.sdiFileId}`);
    expect(cassetto.some((invoice) => invoice.sdiId === '555000111')).toBe(false);
    // The seller's cassetto does not list its own sale as received.
    const sellers = await sandboxTaxPortal(t.db).receivedInvoices(ALPHA, day);
    expect(sellers.some((invoice) => invoice.sdiId === row?.sdiFileId)).toBe(false);
  });
});

describe('rejected invoices in the acting scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  });
  afterAll(() => t.close());

  /** The business, with the Fisconline credentials of both companies stored by the owner. */
  async function business() {
    const scope = await businessWithTwoCompanies(t);
    for (const fiscalId of [X, Y]) {
      const stored = await t.request({
        method: 'PUT',
        url: `${REGISTRIES}/${fiscalId}/credentials/fisconline`,
        token: scope.owner.token,
        payload: DEMO,
      });
      expect(stored.statusCode, stored.body).toBe(200);
    }
    return scope;
  }
  const year = { from_date: '2025-01-01', to_date: '2025-12-31' };
  /** The count and the recovery of a fiscal id, as status codes. */
  const calls = async (fiscalId: string, token: string) => [
    (
      await t.request({
        method: 'GET',
        url: `/api/it/rejected-invoices/${fiscalId}/count?from_date=2025-01-01&to_date=2025-12-31`,
        token,
      })
    ).statusCode,
    (
      await t.request({
        method: 'POST',
        url: `/api/it/rejected-invoices/${fiscalId}/recover`,
        token,
        payload: year,
      })
    ).statusCode,
  ];

  it("lets a linked sub-account count and recover its company's; the other's is 404", async () => {
    const { owner, linked } = await business();
    expect(await calls(X, linked.token)).toEqual([200, 200]);
    expect(await calls(Y, linked.token)).toEqual([404, 404]);
    expect(await calls(Y, owner.token)).toEqual([200, 200]);
  });

  it('lets an unlinked sub-account count and recover nothing', async () => {
    const { unlinked } = await business();
    expect(await calls(X, unlinked.token)).toEqual([404, 404]);
    expect(await calls(Y, unlinked.token)).toEqual([404, 404]);
  });

  it('forgets an unlinked registry on the next request with the same token', async () => {
    const { owner, linked } = await business();
    expect(await calls(X, linked.token)).toEqual([200, 200]);
    await linkRegistry(t, owner, X, linked, true);
    expect(await calls(X, linked.token)).toEqual([404, 404]);
  });
});
