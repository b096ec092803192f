import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItJob } from '@fiscus/contracts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import type { NewItJobRow } from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itJobs,
  itRegistrySubAccounts,
} from '../../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const READER = { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] };

function jobRow(ownerId: string, values: Partial<NewItJobRow>): NewItJobRow {
  return {
    ownerId,
    type: 'invoice_download',
    status: 'READY',
    fiscalId: '01234567897',
    parameters: { from: '2026-01-01', to: '2026-01-03', daily: true, invoice_type: 'supplier' },
    ...values,
  };
}

/** An account with three jobs: completed in January, failed in February, waiting in March. */
async function withJobs() {
  const { user, token } = await t.createUser({ roles: READER });
  const [completed, failed, waiting] = await t.db
    .insert(itJobs)
    .values([
      jobRow(user.id, {
        status: 'COMPLETED',
        createdAt: new Date('2026-01-10T02:00:00Z'),
        scheduleAt: new Date('2026-01-10T02:00:00Z'),
        startedAt: new Date('2026-01-10T02:00:05Z'),
        completedAt: new Date('2026-01-10T02:01:00Z'),
        output: { message: '1 imported', imported: [], skipped: [], failed: [] },
      }),
      jobRow(user.id, {
        status: 'ERROR',
        fiscalId: '09876543210',
        createdAt: new Date('2026-02-10T02:00:00Z'),
        scheduleAt: new Date('2026-02-10T02:00:00Z'),
        startedAt: new Date('2026-02-10T02:00:05Z'),
        completedAt: new Date('2026-02-10T02:00:06Z'),
        output: { message: 'No credentials', imported: [], skipped: [], failed: [] },
      }),
      jobRow(user.id, {
        createdAt: new Date('2026-03-10T02:00:00Z'),
        scheduleAt: new Date('2026-03-10T02:00:00Z'),
      }),
    ])
    .returning();
  return { user, token, completed: completed!, failed: failed!, waiting: waiting! };
}

const list = async (token: string, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/it/jobs${query}`, token });
  expect(response.statusCode, query).toBe(200);
  return (response.json() as ItJob[]).map((job) => job.status);
};

describe('GET /jobs', () => {
  it("lists the account's jobs newest first, as hydra JSON-LD or a plain array", async () => {
    const { token, completed } = await withJobs();
    expect(await list(token)).toEqual(['READY', 'ERROR', 'COMPLETED']);
    const hydra = await t.request({
      method: 'GET',
      url: '/api/it/jobs?itemsPerPage=2&page=2',
      token,
      headers: { accept: 'application/ld+json' },
    });
    const body = hydra.json();
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member']).toEqual([
      {
        uuid: completed.uuid,
        type: 'invoice_download',
        status: 'COMPLETED',
        fiscal_id: '01234567897',
        created_at: '2026-01-10T02:00:00.000Z',
        schedule_at: '2026-01-10T02:00:00.000Z',
        started_at: '2026-01-10T02:00:05.000Z',
        completed_at: '2026-01-10T02:01:00.000Z',
        parameters: { from: '2026-01-01', to: '2026-01-03', daily: true, invoice_type: 'supplier' },
        output: { message: '1 imported', imported: [], skipped: [], failed: [] },
      },
    ]);
  });

  it('filters by status, type, fiscal_id and the four date ranges', async () => {
    const { token } = await withJobs();
    expect(await list(token, '?status=ERROR')).toEqual(['ERROR']);
    expect(await list(token, '?type=invoice_download')).toHaveLength(3);
    expect(await list(token, '?fiscal_id=09876543210')).toEqual(['ERROR']);
    expect(
      await list(
        token,
        '?created_at[after]=2026-02-01 00:00:00&created_at[before]=2026-02-28 23:59:59',
      ),
    ).toEqual(['ERROR']);
    expect(await list(token, '?scheduled_at[after]=2026-03-01')).toEqual(['READY']);
    expect(await list(token, '?started_at[before]=2026-01-31')).toEqual(['COMPLETED']);
    expect(await list(token, '?completed_at[after]=2026-01-01')).toEqual(['ERROR', 'COMPLETED']);
  });

  it('refuses bad filter values with a 400, never a 500', async () => {
    const { token } = await withJobs();
    for (const query of [
      '?status=DONE',
      '?type=other',
      '?created_at[after]=yesterday',
      '?completed_at[before]=2026-02-30',
      '?itemsPerPage=0',
    ]) {
      const response = await t.request({ method: 'GET', url: `/api/it/jobs${query}`, token });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it("shows one job; another tenant's or an unknown id is 404", async () => {
    const { token, failed } = await withJobs();
    const one = await t.request({ method: 'GET', url: `/api/it/jobs/${failed.uuid}`, token });
    expect(one.json()).toMatchObject({ status: 'ERROR', output: { message: 'No credentials' } });

    const other = await t.createUser({ roles: READER });
    expect(await list(other.token)).toEqual([]);
    for (const id of [failed.uuid, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/it/jobs/${id}`,
        token: other.token,
      });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('is closed to supplier-only accounts (403), to accounts without Italy (403) and anonymously (401)', async () => {
    const supplierOnly = await t.createUser({
      roles: { it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'], common: ['ROLE_USER'] },
    });
    const response = await t.request({
      method: 'GET',
      url: '/api/it/jobs',
      token: supplierOnly.token,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toContain('Supplier-only');
    const noItaly = await t.createUser({ roles: { common: ['ROLE_USER'] } });
    expect(
      (await t.request({ method: 'GET', url: '/api/it/jobs', token: noItaly.token })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/it/jobs' })).statusCode).toBe(401);
  });

  it('shows a sub-account only the jobs of the registries linked to it', async () => {
    const { user } = await withJobs();
    const sub = await t.createUser({ roles: READER, parentId: user.id });
    expect(await list(sub.token)).toEqual([]);
    const [registry] = await t.db
      .insert(itBusinessRegistryConfigurations)
      .values({ ownerId: user.id, fiscalId: '09876543210' })
      .returning();
    await t.db
      .insert(itRegistrySubAccounts)
      .values({ registryUuid: registry!.uuid, subAccountId: sub.user.id });
    expect(await list(sub.token)).toEqual(['ERROR']);
  });
});

describe('job results stored before they had keys', () => {
  it('are read back as a key and parameters, the sentence unchanged', async () => {
    const { user, token } = await t.createUser({ roles: READER });
    const summary =
      '32 supplier invoices found in the cassetto fiscale: 30 imported, 1 already imported, 1 failed.';
    const missing =
      "No Fisconline credentials are stored for 01234567897: store them in the business registry's tax drawer (cassetto fiscale) tab, then run the download again.";
    const [old, noCredentials, unknown] = await t.db
      .insert(itJobs)
      .values(
        [summary, missing, 'Something else.'].map((message) =>
          jobRow(user.id, {
            status: 'COMPLETED',
            output: { message, imported: [], skipped: [], failed: [] },
          }),
        ),
      )
      .returning();
    const read = async (uuid: string) =>
      (await t.request({ method: 'GET', url: `/api/it/jobs/${uuid}`, token })).json() as ItJob;
    expect((await read(old!.uuid)).output).toMatchObject({
      message: summary,
      message_key: 'summary',
      message_parameters: { count: '32', imported: '30', skipped: '1', failed: '1' },
    });
    expect((await read(noCredentials!.uuid)).output).toMatchObject({
      message_key: 'credentialsMissing',
      message_parameters: { fiscal_id: '01234567897' },
    });
    const other = (await read(unknown!.uuid)).output;
    expect(other?.message).toBe('Something else.');
    expect(other?.message_key).toBeUndefined();
  });
});
