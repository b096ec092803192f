import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import {
  itBusinessRegistryConfigurations,
  itTsExpenses,
  webhookDeliveries,
} from '../../../db/schema/index.ts';
import { TS_SCENARIOS } from '../../../gateways/sistema-ts/sandbox.ts';
import { businessWithTwoCompanies, linkRegistry, Y, type Login } from '../acting-scope-test-kit.ts';
import { drainJobs, unzip } from '../it-test-kit.ts';
import { EXPENSE_SEND_JOB } from './expense-sending.ts';

/** A doctor's practice: a registry of the business under the doctor's own codice fiscale. */
const Z = 'VRDLGU75C12F205G';
/** A citizen of the official codice fiscale examples (Mario Rossi, born in Rome on 1 January 1980). */
const CITIZEN = 'RSSMRA80A01H501U';
/** 10:00 in Rome on 7 December 2026. */
const MORNING = new Date('2026-12-07T09:00:00Z');
const started = Date.now();
const clock = () => new Date(MORNING.getTime() + (Date.now() - started));

let serial = 0;
/** A medicine sold to CITIZEN, paid by card, with a document number of its own. */
function expense(changes: object = {}) {
  serial += 1;
  return {
    codice_fiscale_proprietario: Z,
    codice_fiscale_cittadino: CITIZEN,
    amount: '42.50',
    expense_type: 'FC',
    document_number: `F-${serial}`,
    document_date: '2026-12-05',
    payment_date: '2026-12-05',
    ...changes,
  };
}

type Expense = {
  uuid: string;
  status: string;
  requests: {
    id: number;
    protocol_id: string;
    request_type: string;
    esito_chiamata: number | null;
    responses: { code: string; type: string }[];
  }[];
};
type Receipt = {
  protocol: string;
  url: string;
  outcome: number;
  description: string;
  expense_id: string;
};

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'ts-receipt-'));
  try {
    writeFileSync(join(folder, 'r.pdf'), pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', join(folder, 'r.pdf'), '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('Sistema TS expenses', () => {
  let t: TestApp;
  let owner: Login;
  let linked: Login;
  let unlinked: Login;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' }, { clock });
    ({ owner, linked, unlinked } = await businessWithTwoCompanies(t));
    await t.db
      .insert(itBusinessRegistryConfigurations)
      .values({ ownerId: owner.id, fiscalId: Z, name: 'Studio medico dott. Luigi Verdi' });
    await linkRegistry(t, owner, Z, linked);
  });
  afterAll(() => t.close());

  const post = (payload: object, as = owner, url = '/api/it/sistema-ts/expenses') =>
    t.request({ method: 'POST', url, token: as.token, payload });
  const get = (path: string, as = owner, headers: Record<string, string> = {}) =>
    t.request({
      method: 'GET',
      url: `/api/it/sistema-ts/expenses${path}`,
      token: as.token,
      headers,
    });
  const expenseCount = async () =>
    (
      await t.db.select({ n: count() }).from(itTsExpenses).where(eq(itTsExpenses.ownerId, owner.id))
    )[0]?.n;
  const sent = async (payload: object = expense()) => {
    const created = await post(payload);
    expect(created.statusCode, created.body).toBe(201);
    await drainJobs(t);
    return created.json<Expense>().uuid;
  };

  it('sends an expense: a protocol, outcome 0, a receipt PDF and the receipt-ready webhook', async () => {
    const hook = await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token: owner.token,
      payload: { event: 'sistemats-receipt-ready', target_url: 'https://hooks.example.test/ts' },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const created = await post(expense({ amount: 1234.5 }));
    expect(created.statusCode, created.body).toBe(201);
    // Not yet transmitted: the request without a protocol is left out (spec 3).
    expect(created.json()).toMatchObject({ status: 'pending', amount: '1234.50', requests: [] });
    const { uuid } = created.json<Expense>();
    await drainJobs(t);

    const item = (await get(`/${uuid}`)).json<Expense>();
    expect(item.status).toBe('success');
    expect(item.requests).toHaveLength(1);
    expect(item.requests[0]).toMatchObject({
      esito_chiamata: 0,
      request_type: 'insert',
      responses: [],
    });
    expect(item.requests[0]?.protocol_id).toMatch(/^2612\d{13}$/);

    const receipts = (await get(`/${uuid}/receipts`)).json<Receipt[]>();
    expect(receipts).toEqual([
      expect.objectContaining({
        protocol: item.requests[0]?.protocol_id,
        expense_id: uuid,
        outcome: 0,
        operation_type: 'insert',
        url: `/api/it/sistema-ts/expenses/${uuid}/receipts/${item.requests[0]?.protocol_id}`,
      }),
    ]);
    const pdf = await t.request({ method: 'GET', url: receipts[0]?.url ?? '', token: owner.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Sistema Tessera Sanitaria');
    expect(text).toContain(`Protocollo${' '.repeat(1)}`);
    expect(text).toContain(item.requests[0]?.protocol_id);
    expect(text).toMatch(/Documenti accettati\s+1/);
    expect(text).toMatch(/importo € 1\.234,50/);
    // The citizen's code never appears on the receipt.
    expect(text).not.toContain(CITIZEN);

    const deliveries = await t.db
      .select({ event: webhookDeliveries.event, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.ownerId, owner.id));
    expect(deliveries).toContainEqual({
      event: 'sistemats-receipt-ready',
      payload: expect.objectContaining({ expense_id: uuid, outcome: 0 }),
    });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/it/api-configurations/${hook.json<{ uuid: string }>().uuid}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('refuses bad expenses with every violation on its field, and stores nothing', async () => {
    const before = await expenseCount();
    const refused = await post(
      expense({
        codice_fiscale_cittadino: 'RSSMRA80A01H501A',
        amount: '0.00',
        document_date: '2026-02-30',
        payment_date: '2027-01-10',
      }),
    );
    expect(refused.statusCode).toBe(422);
    const paths = refused
      .json<{ violations: { propertyPath: string; code: string }[] }>()
      .violations.map((entry) => `${entry.propertyPath}:${entry.code}`);
    expect(paths.sort()).toEqual([
      'amount:amount_invalid',
      'codice_fiscale_cittadino:fiscal_code_invalid',
      'document_date:date_invalid',
      'payment_date:date_in_future',
    ]);
    const more = [
      [expense({ amount: '12345678.00' }), 'amount:amount_too_large'],
      [expense({ amount: '1.005' }), 'amount:amount_invalid'],
      [expense({ amount: -3 }), 'amount:amount_invalid'],
      [expense({ codice_fiscale_cittadino: null }), 'codice_fiscale_cittadino:citizen_required'],
      [expense({ flag_opposizione: true }), 'codice_fiscale_cittadino:citizen_with_opposition'],
      [
        expense({ codice_fiscale_cittadino: '01234567890' }),
        'codice_fiscale_cittadino:fiscal_code_invalid',
      ],
      [
        expense({ codice_fiscale_proprietario: 'BNCGPP70E41H501O' }),
        'codice_fiscale_proprietario:owner_not_registry',
      ],
      [
        expense({ codice_fiscale_proprietario: 'VRDLGU75C12F205A' }),
        'codice_fiscale_proprietario:fiscal_code_invalid',
      ],
    ] as const;
    for (const [payload, expected] of more) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const [first] = response.json<{ violations: { propertyPath: string; code: string }[] }>()
        .violations;
      expect(`${first?.propertyPath}:${first?.code}`).toBe(expected);
    }
    // A code that is not an expense type, an amount that is not one: the schema's violations.
    for (const [payload, path] of [
      [expense({ expense_type: 'XX' }), 'expense_type'],
      [expense({ amount: { cents: 1 } }), 'amount'],
      [expense({ document_number: 'N'.repeat(21) }), 'document_number'],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().violations[0]?.propertyPath).toBe(path);
    }
    const mixed = await post(
      { expenses: [expense(), expense({ codice_fiscale_proprietario: Y })] },
      owner,
      '/api/it/sistema-ts/expenses/batch',
    );
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().violations).toEqual([
      expect.objectContaining({
        propertyPath: 'expenses[1].codice_fiscale_proprietario',
        code: 'batch_mixed_owners',
      }),
    ]);
    expect(
      (await post({ expenses: [] }, owner, '/api/it/sistema-ts/expenses/batch')).statusCode,
    ).toBe(422);
    expect(await expenseCount()).toBe(before);
  });

  it('sends a batch in one transmission: each expense its outcome, one receipt for the file', async () => {
    const created = await post(
      {
        expenses: [
          expense(),
          expense({ codice_fiscale_cittadino: TS_SCENARIOS.unknownCitizen }),
          // A specialist visit paid in cash: accepted, with the warning that it is not deductible.
          expense({ expense_type: 'SR', payment_tracked: false }),
          // The citizen opposed: sent without a fiscal code.
          expense({ codice_fiscale_cittadino: null, flag_opposizione: true, expense_type: 'TK' }),
        ],
      },
      owner,
      '/api/it/sistema-ts/expenses/batch',
    );
    expect(created.statusCode, created.body).toBe(201);
    const uuids = created.json<Expense[]>().map((entry) => entry.uuid);
    await drainJobs(t);
    const items = await Promise.all(
      uuids.map(async (uuid) => (await get(`/${uuid}`)).json<Expense>()),
    );
    expect(items.map((item) => item.status)).toEqual(['success', 'error', 'warning', 'success']);
    const protocols = new Set(items.map((item) => item.requests[0]?.protocol_id));
    expect(protocols.size).toBe(1);
    expect(items[1]?.requests[0]).toMatchObject({
      esito_chiamata: 1,
      responses: [expect.objectContaining({ code: 'CF_CITTADINO_NON_PRESENTE', type: 'error' })],
    });
    expect(items[2]?.requests[0]).toMatchObject({
      esito_chiamata: 2,
      responses: [expect.objectContaining({ code: 'PAGAMENTO_NON_TRACCIATO', type: 'warning' })],
    });
    expect(items[3]).toMatchObject({ codice_fiscale_cittadino: null, flag_opposizione: true });
    const [receipt] = (await get(`/${uuids[1]}/receipts`)).json<Receipt[]>();
    expect(receipt).toMatchObject({ outcome: 1 });
    expect(receipt?.description).toContain('CF_CITTADINO_NON_PRESENTE');
    const text = pdfText(
      (await t.request({ method: 'GET', url: receipt?.url ?? '', token: owner.token })).rawPayload,
    );
    expect(text).toContain('2 - Elaborazione completata con segnalazioni');
    expect(text).toMatch(/Documenti ricevuti\s+4/);
    expect(text).toMatch(/Documenti scartati\s+1/);
    expect(text).toMatch(/Documenti accettati con segnalazioni\s+1/);
    expect(text).toContain('opposizione del cittadino');
  });

  it('refuses a document Sistema TS already has as a duplicate', async () => {
    const first = expense();
    expect((await get(`/${await sent(first)}`)).json<Expense>().status).toBe('success');
    const again = (await get(`/${await sent(first)}`)).json<Expense>();
    expect(again.status).toBe('error');
    expect(again.requests[0]?.responses[0]?.code).toBe('DOCUMENTO_DUPLICATO');
  });

  it('cancels an accepted expense once, with a receipt of its own; nothing else can be cancelled', async () => {
    const document = expense();
    const uuid = await sent(document);
    const cancel = (id = uuid, as = owner) =>
      t.request({ method: 'DELETE', url: `/api/it/sistema-ts/expenses/${id}`, token: as.token });
    // Another company's, or nobody's: not found; the unlinked sub-account sees nothing.
    expect((await cancel(uuid, unlinked)).statusCode).toBe(404);
    const started = await cancel();
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'pending' });
    // One cancellation at a time.
    expect((await cancel()).statusCode).toBe(409);
    await drainJobs(t);
    const cancelled = (await get(`/${uuid}`)).json<Expense>();
    expect(cancelled.status).toBe('cancelled');
    expect(
      cancelled.requests.map((request) => [request.request_type, request.esito_chiamata]),
    ).toEqual([
      ['insert', 0],
      ['delete', 0],
    ]);
    const receipts = (await get(`/${uuid}/receipts`)).json<
      (Receipt & { operation_type: string })[]
    >();
    expect(receipts.map((receipt) => receipt.operation_type)).toEqual(['insert', 'delete']);
    const text = pdfText(
      (await t.request({ method: 'GET', url: receipts[1]?.url ?? '', token: owner.token }))
        .rawPayload,
    );
    expect(text).toContain('Cancellazione (C)');
    // Cancelled: not again; and the same document may now be sent anew.
    expect((await cancel()).statusCode).toBe(409);
    expect((await get(`/${await sent(document)}`)).json<Expense>().status).toBe('success');
    // A refused expense is not at Sistema TS: nothing to cancel.
    const refused = await sent(expense({ codice_fiscale_cittadino: TS_SCENARIOS.unknownCitizen }));
    expect((await cancel(refused)).statusCode).toBe(409);
  });

  it('leaves an expense as it was when Sistema TS refuses its cancellation', async () => {
    const uuid = await sent(expense({ expense_type: 'SR', payment_tracked: false }));
    expect((await get(`/${uuid}`)).json<Expense>().status).toBe('warning');
    // The document is withdrawn behind the API's back (a cancellation made on the portal):
    // Sistema TS refuses the cancellation, and the expense stays as its insertion left it.
    await t.db.execute(sql`delete from it_ts_sandbox_documents`);
    const started = await t.request({
      method: 'DELETE',
      url: `/api/it/sistema-ts/expenses/${uuid}`,
      token: owner.token,
    });
    expect(started.statusCode).toBe(202);
    await drainJobs(t);
    const after = (await get(`/${uuid}`)).json<Expense>();
    expect(after.status).toBe('warning');
    expect(after.requests[1]).toMatchObject({
      esito_chiamata: 1,
      responses: [expect.objectContaining({ code: 'DOCUMENTO_NON_PRESENTE' })],
    });
  });

  it('sends again while Sistema TS cannot be reached, and fails when the retries run out', async () => {
    const busy = await sent(expense({ codice_fiscale_cittadino: TS_SCENARIOS.busyOnce }));
    const down = await sent(expense({ codice_fiscale_cittadino: TS_SCENARIOS.down }));
    expect((await get(`/${busy}`)).json()).toMatchObject({ status: 'pending', requests: [] });
    for (let round = 0; round < 8; round += 1) {
      await t.app.platform.jobs.runNow(EXPENSE_SEND_JOB);
      await drainJobs(t);
    }
    expect((await get(`/${busy}`)).json<Expense>().status).toBe('success');
    // Never given a protocol: no request to show, no receipt.
    expect((await get(`/${down}`)).json()).toMatchObject({ status: 'failed', requests: [] });
    expect((await get(`/${down}/receipts`)).json()).toEqual([]);
  });

  it('lists with filters, hydra or a zip of the page’s receipts', async () => {
    const page = await get('?status=success&itemsPerPage=30&ts=1765000000000', owner, {
      accept: 'application/ld+json',
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ 'hydra:member': Expense[]; 'hydra:totalItems': number }>();
    expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(3);
    expect(body['hydra:member'].every((item) => item.status === 'success')).toBe(true);
    const none = await get('?created_at[before]=2026-01-01', owner, {
      accept: 'application/ld+json',
    });
    expect(none.json()['hydra:totalItems']).toBe(0);
    expect((await get('?created_at[after]=yesterday')).statusCode).toBe(400);

    const zip = await get('?status=success', owner, { accept: 'application/zip' });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = [...unzip(zip.rawPayload).keys()];
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.every((name) => /^ricevuta_\d{17}\.pdf$/.test(name))).toBe(true);
  });

  it('keeps each company’s expenses to who may act for it', async () => {
    const ofZ = await sent(expense());
    const stranger = await t.createUser({ roles: { it: ['ROLE_USER'], common: ['ROLE_USER'] } });
    expect(
      (await get(`/${ofZ}`, { id: stranger.user.id, email: '', token: stranger.token })).statusCode,
    ).toBe(404);
    expect((await get(`/${ofZ}/receipts`, unlinked)).statusCode).toBe(404);
    expect((await get('', unlinked)).json()).toEqual([]);
    expect((await get(`/${ofZ}`, linked)).statusCode).toBe(200);
    const forY = await post(expense({ codice_fiscale_proprietario: Y }), linked);
    expect(forY.statusCode).toBe(403);
    expect((await post(expense(), linked)).statusCode).toBe(201);
    expect((await get(`/${ofZ}/receipts/00000000000000000`)).statusCode).toBe(404);
    expect((await get('/not-a-uuid')).statusCode).toBe(400);
  });
});
