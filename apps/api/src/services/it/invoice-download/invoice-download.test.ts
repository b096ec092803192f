import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import type { StoredRoles } from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itDownloadSchedules,
  itJobs,
  itTaxPortalCredentials,
} from '../../../db/schema/index.ts';
import { businessWithTwoCompanies, linkRegistry, X, Y } from '../acting-scope-test-kit.ts';
import { INVOICE_DOWNLOAD_JOB } from './download-jobs.ts';
import { addDays, addYear, romeDay } from './rome-days.ts';
import { DailyDownloadPlanner } from './daily-planner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

const DOWNLOADER: StoredRoles = {
  it: ['ROLE_INVOICING', 'ROLE_INVOICING_DOWNLOAD'],
  common: ['ROLE_USER'],
};

/** Fisconline credentials stored for a registry (their content is the tax drawer's concern). */
async function storeCredentials(ownerId: string, fiscalId: string) {
  const [registry] = await t.db
    .select({ uuid: itBusinessRegistryConfigurations.uuid })
    .from(itBusinessRegistryConfigurations)
    .where(
      and(
        eq(itBusinessRegistryConfigurations.ownerId, ownerId),
        eq(itBusinessRegistryConfigurations.fiscalId, fiscalId),
      ),
    );
  await t.db
    .insert(itTaxPortalCredentials)
    .values({ registryUuid: registry!.uuid, ownerId, sealed: 'sealed', source: 'form' });
}

/**
 * An account with ROLE_INVOICING_DOWNLOAD and one registry (its Fisconline credentials stored
 * unless `credentials` is false); resolves with its token.
 */
async function downloader(
  fiscalId = '01234567897',
  roles: StoredRoles = DOWNLOADER,
  credentials = true,
) {
  const { user, token } = await t.createUser({ roles });
  await t.db.insert(itBusinessRegistryConfigurations).values({
    ownerId: user.id,
    fiscalId,
    name: 'ALPHA SRL',
  });
  if (credentials) await storeCredentials(user.id, fiscalId);
  return { user, token };
}

const schedule = (fiscalId: string) => `/api/it/schedule/invoice-download/${fiscalId}`;

describe('invoice-download schedule', () => {
  it('is inactive until activated, then runs a year from today (Rome) and starts a download', async () => {
    const { user, token } = await downloader();
    const before = await t.request({ method: 'GET', url: schedule('01234567897'), token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ enabled: false, valid_until: null, auto_renew: false });

    const activated = await t.request({ method: 'POST', url: schedule('01234567897'), token });
    expect(activated.statusCode).toBe(200);
    const today = romeDay(new Date());
    expect(activated.json()).toEqual({
      enabled: true,
      valid_until: addYear(today),
      auto_renew: false,
    });
    // The day's download is listed at once, READY, with its parameters.
    const jobs = await t.request({ method: 'GET', url: '/api/it/jobs', token });
    expect(jobs.json()).toEqual([
      expect.objectContaining({
        type: 'invoice_download',
        status: 'READY',
        fiscal_id: '01234567897',
        started_at: null,
        completed_at: null,
        output: null,
        parameters: { from: addDays(today, -3), to: today, daily: true, invoice_type: 'supplier' },
      }),
    ]);
    const queued = await t.app.platform.jobs.jobsOf(INVOICE_DOWNLOAD_JOB);
    expect(queued.some((job) => (job.payload as { job: string }).job === jobs.json()[0].uuid)).toBe(
      true,
    );

    // Activating an active schedule is a conflict and changes nothing.
    const again = await t.request({ method: 'POST', url: schedule('01234567897'), token });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json().detail).toContain('already active');
    const rows = await t.db.select().from(itJobs).where(eq(itJobs.ownerId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses to activate without Fisconline credentials (422), scheduling and starting nothing', async () => {
    const { user, token } = await downloader('01234567897', DOWNLOADER, false);
    const refused = await t.request({ method: 'POST', url: schedule('01234567897'), token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      violations: [
        {
          propertyPath: 'fiscal_id',
          code: 'CREDENTIALS_MISSING',
          parameters: { fiscal_id: '01234567897' },
          message:
            'Store the Fisconline credentials of this business registry configuration (tax drawer tab) before activating the download from the cassetto fiscale.',
        },
      ],
    });
    const status = await t.request({ method: 'GET', url: schedule('01234567897'), token });
    expect(status.json()).toMatchObject({ enabled: false });
    expect(await t.db.select().from(itJobs).where(eq(itJobs.ownerId, user.id))).toEqual([]);

    await storeCredentials(user.id, '01234567897');
    const activated = await t.request({ method: 'POST', url: schedule('01234567897'), token });
    expect(activated.statusCode).toBe(200);
  });

  it('switches auto_renew, deactivates, and refuses both on an inactive schedule', async () => {
    const { token } = await downloader();
    await t.request({
      method: 'POST',
      url: schedule('01234567897'),
      token,
      payload: { auto_renew: true },
    });
    const status = await t.request({ method: 'GET', url: schedule('01234567897'), token });
    expect(status.json()).toMatchObject({ enabled: true, auto_renew: true });

    const off = await t.request({
      method: 'PUT',
      url: schedule('01234567897'),
      token,
      payload: { auto_renew: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: true, auto_renew: false });

    const bad = await t.request({
      method: 'PUT',
      url: schedule('01234567897'),
      token,
      payload: { auto_renew: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'auto_renew' }),
    ]);

    const deleted = await t.request({ method: 'DELETE', url: schedule('01234567897'), token });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: schedule('01234567897'), token })).json(),
    ).toEqual({ enabled: false, valid_until: null, auto_renew: false });
    expect(
      (await t.request({ method: 'DELETE', url: schedule('01234567897'), token })).statusCode,
    ).toBe(409);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: schedule('01234567897'),
          token,
          payload: { auto_renew: true },
        })
      ).statusCode,
    ).toBe(409);

    // Activated again the same day: a new year, no second daily job for the day.
    const again = await t.request({ method: 'POST', url: schedule('01234567897'), token });
    expect(again.statusCode).toBe(200);
    const jobs = await t.request({ method: 'GET', url: '/api/it/jobs', token });
    expect(jobs.json()).toHaveLength(1);
  });

  it('downloads the last year at once when asked to (download_archive)', async () => {
    const { token } = await downloader();
    const activated = await t.request({
      method: 'POST',
      url: schedule('01234567897'),
      token,
      payload: { download_archive: true },
    });
    expect(activated.statusCode).toBe(200);
    const today = romeDay(new Date());
    const jobs = (await t.request({ method: 'GET', url: '/api/it/jobs', token })).json();
    expect(jobs.map((job: { parameters: unknown }) => job.parameters)).toEqual(
      expect.arrayContaining([
        { from: addDays(today, -3), to: today, daily: true, invoice_type: 'supplier' },
        { from: addDays(today, -365), to: today, daily: false, invoice_type: 'supplier' },
      ]),
    );
  });

  it('reads a fiscal id with its IT prefix as the registry without it', async () => {
    const { token } = await downloader();
    const response = await t.request({ method: 'GET', url: schedule('IT01234567897'), token });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for a fiscal id of no registry of the caller (another tenant, unknown)', async () => {
    await downloader('09876543210');
    const { token } = await downloader();
    for (const fiscalId of ['09876543210', '11111111111', '..%2F..%2Fetc', 'x'.repeat(64)]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await t.request({ method, url: schedule(fiscalId), token });
        expect(response.statusCode, `${method} ${fiscalId}`).toBe(404);
        expect(response.headers['content-type']).toContain('application/problem+json');
      }
    }
    // The other tenant's schedule was not touched.
    expect(
      await t.db
        .select()
        .from(itDownloadSchedules)
        .where(eq(itDownloadSchedules.fiscalId, '09876543210')),
    ).toEqual([]);
  });

  it('needs ROLE_INVOICING_DOWNLOAD (403 problem) and a token (401)', async () => {
    const { token } = await downloader('01234567897', {
      it: ['ROLE_INVOICING'],
      common: ['ROLE_USER'],
    });
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: schedule('01234567897'),
        token,
        ...(method === 'PUT' ? { payload: { auto_renew: true } } : {}),
      });
      expect(response.statusCode, method).toBe(403);
      expect(response.json().detail).toContain('ROLE_INVOICING_DOWNLOAD');
    }
    const job = await t.request({
      method: 'POST',
      url: '/api/it/jobs/invoice-download',
      token,
      payload: { fiscal_id: '01234567897', from_date: '2026-01-01', to_date: '2026-01-31' },
    });
    expect(job.statusCode).toBe(403);
    const anonymous = await t.request({ method: 'GET', url: schedule('01234567897') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a body that is not the schedule options (422)', async () => {
    const { token } = await downloader();
    const response = await t.request({
      method: 'POST',
      url: schedule('01234567897'),
      token,
      payload: { auto_renew: 'sometimes' },
    });
    expect(response.statusCode).toBe(422);
    expect(
      (await t.request({ method: 'GET', url: schedule('01234567897'), token })).json(),
    ).toEqual({ enabled: false, valid_until: null, auto_renew: false });
  });
});

describe('daily planner', () => {
  it('renews an expired schedule with auto_renew, switches off one without, one job per day', async () => {
    const renewing = await downloader('01234567897');
    const lapsing = await downloader('01234567897');
    for (const [{ token }, autoRenew] of [
      [renewing, true],
      [lapsing, false],
    ] as const) {
      await t.request({
        method: 'POST',
        url: schedule('01234567897'),
        token,
        payload: { auto_renew: autoRenew },
      });
    }
    // A year and a day later (Rome), the schedules' last day has passed.
    const later = new Date(Date.now() + 367 * 24 * 60 * 60 * 1000);
    const planner = new DailyDownloadPlanner(t.db, t.app.platform.jobs, t.app.log, () => later);
    await planner.plan();
    await planner.plan();

    const renewed = await t.request({
      method: 'GET',
      url: schedule('01234567897'),
      token: renewing.token,
    });
    expect(renewed.json()).toEqual({
      enabled: true,
      valid_until: addYear(addYear(romeDay(new Date()))),
      auto_renew: true,
    });
    const lapsed = await t.request({
      method: 'GET',
      url: schedule('01234567897'),
      token: lapsing.token,
    });
    expect(lapsed.json()).toMatchObject({ enabled: false });

    const renewingJobs = await t.db
      .select()
      .from(itJobs)
      .where(and(eq(itJobs.ownerId, renewing.user.id), eq(itJobs.dailyOf, romeDay(later))));
    expect(renewingJobs).toHaveLength(1);
    const lapsingJobs = await t.db
      .select()
      .from(itJobs)
      .where(and(eq(itJobs.ownerId, lapsing.user.id), eq(itJobs.dailyOf, romeDay(later))));
    expect(lapsingJobs).toHaveLength(0);
  });
});

describe('POST /jobs/invoice-download', () => {
  const start = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/it/jobs/invoice-download', token, payload });

  it('starts a download of a range of Rome days, listed READY with its parameters', async () => {
    const { token } = await downloader();
    const response = await start(token, {
      fiscal_id: '01234567897',
      from_date: '2026-01-01',
      to_date: '2026-01-31',
    });
    expect(response.statusCode).toBe(201);
    const { uuid } = response.json();
    const job = await t.request({ method: 'GET', url: `/api/it/jobs/${uuid}`, token });
    expect(job.json()).toMatchObject({
      uuid,
      status: 'READY',
      parameters: { from: '2026-01-01', to: '2026-01-31', daily: false, invoice_type: 'supplier' },
    });

    // Overlapping days while that one waits: 409; disjoint days are fine.
    const overlapping = await start(token, {
      fiscal_id: '01234567897',
      from_date: '2026-01-31',
      to_date: '2026-02-10',
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().detail).toContain(uuid);
    const disjoint = await start(token, {
      fiscal_id: '01234567897',
      from_date: '2026-02-01',
      to_date: '2026-02-10',
    });
    expect(disjoint.statusCode).toBe(201);
  });

  it('refuses bad ranges and unknown fiscal ids with violations, storing nothing', async () => {
    const { user, token } = await downloader();
    const tomorrow = addDays(romeDay(new Date()), 1);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'fiscal_id'],
      [{ fiscal_id: '01234567897', from_date: '2026-01-31', to_date: '2026-01-01' }, 'to_date'],
      [{ fiscal_id: '01234567897', from_date: '2024-01-01', to_date: '2025-06-01' }, 'to_date'],
      [{ fiscal_id: '01234567897', from_date: '2026-02-30', to_date: '2026-03-01' }, 'from_date'],
      [{ fiscal_id: '01234567897', from_date: '01/01/2026', to_date: '2026-03-01' }, 'from_date'],
      [{ fiscal_id: '01234567897', from_date: romeDay(new Date()), to_date: tomorrow }, 'to_date'],
      [{ fiscal_id: '09876543210', from_date: '2026-01-01', to_date: '2026-01-02' }, 'fiscal_id'],
    ];
    for (const [payload, path] of cases) {
      const response = await start(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(
        response.json().violations.map((v: { propertyPath: string }) => v.propertyPath),
      ).toContain(path);
    }
    expect(await t.db.select().from(itJobs).where(eq(itJobs.ownerId, user.id))).toEqual([]);
  });
});

describe('schedules and download jobs in the acting scope', () => {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const jobs = async (token: string) => {
    const response = await call('GET', '/api/it/jobs', token);
    expect(response.statusCode).toBe(200);
    return (response.json() as { uuid: string; fiscal_id: string }[]).map((job) => job.fiscal_id);
  };
  const range = () => {
    const today = romeDay(new Date());
    return { from_date: addDays(today, -40), to_date: addDays(today, -30) };
  };

  /** The owner's schedules of X and Y, active: a daily job of each. */
  async function business() {
    const scope = await businessWithTwoCompanies(t);
    for (const fiscalId of [X, Y]) await storeCredentials(scope.owner.id, fiscalId);
    for (const fiscalId of [X, Y])
      expect((await call('POST', schedule(fiscalId), scope.owner.token)).statusCode).toBe(200);
    const rows = await t.db.select().from(itJobs).where(eq(itJobs.ownerId, scope.owner.id));
    const jobOf = (fiscalId: string) => rows.find((row) => row.fiscalId === fiscalId)!.uuid;
    return { ...scope, jobOfX: jobOf(X), jobOfY: jobOf(Y) };
  }

  it("lets a linked sub-account work for its company; the other's schedule and jobs are 404, a job for it 403", async () => {
    const { owner, linked, jobOfX, jobOfY } = await business();
    expect((await jobs(owner.token)).sort()).toEqual([X, Y].sort());
    expect(await jobs(linked.token)).toEqual([X]);
    expect((await call('GET', `/api/it/jobs/${jobOfX}`, linked.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/it/jobs/${jobOfY}`, linked.token)).statusCode).toBe(404);

    expect((await call('GET', schedule(X), linked.token)).json()).toMatchObject({ enabled: true });
    expect((await call('PUT', schedule(X), linked.token, { auto_renew: true })).statusCode).toBe(
      200,
    );
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', undefined],
      ['PUT', { auto_renew: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, schedule(`IT${Y}`), linked.token, payload);
      expect(response.statusCode, method).toBe(404);
    }
    const [ofY] = await t.db
      .select()
      .from(itDownloadSchedules)
      .where(eq(itDownloadSchedules.fiscalId, Y));
    expect(ofY).toMatchObject({ enabled: true, autoRenew: false });

    const refused = await call('POST', '/api/it/jobs/invoice-download', linked.token, {
      fiscal_id: Y,
      ...range(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toContain(Y);
    const started = await call('POST', '/api/it/jobs/invoice-download', linked.token, {
      fiscal_id: X,
      ...range(),
    });
    expect(started.statusCode).toBe(201);
    expect(await jobs(linked.token)).toEqual([X, X]);
    expect(await jobs(owner.token)).toHaveLength(3);
  });

  it('shows an unlinked sub-account nothing and lets it start nothing', async () => {
    const { unlinked, jobOfX } = await business();
    expect(await jobs(unlinked.token)).toEqual([]);
    expect((await call('GET', `/api/it/jobs/${jobOfX}`, unlinked.token)).statusCode).toBe(404);
    expect((await call('GET', schedule(X), unlinked.token)).statusCode).toBe(404);
    const refused = await call('POST', '/api/it/jobs/invoice-download', unlinked.token, {
      fiscal_id: X,
      ...range(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain(X);
  });

  it('forgets an unlinked registry on the next request with the same token', async () => {
    const { owner, linked, jobOfX } = await business();
    expect(await jobs(linked.token)).toEqual([X]);
    await linkRegistry(t, owner, X, linked, true);
    expect(await jobs(linked.token)).toEqual([]);
    expect((await call('GET', `/api/it/jobs/${jobOfX}`, linked.token)).statusCode).toBe(404);
    expect((await call('GET', schedule(X), linked.token)).statusCode).toBe(404);
    const refused = await call('POST', '/api/it/jobs/invoice-download', linked.token, {
      fiscal_id: X,
      ...range(),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /jobs/{uuid}/rerun', () => {
  const rerun = (token: string, uuid: string) =>
    t.request({ method: 'POST', url: `/api/it/jobs/${uuid}/rerun`, token });
  const runsOf = async (uuid: string) =>
    (await t.app.platform.jobs.jobsOf(INVOICE_DOWNLOAD_JOB)).filter(
      (job) => (job.payload as { job: string }).job === uuid,
    ).length;

  /** A download of `fiscalId` that ended as `status` (ERROR: the credentials were missing). */
  async function endedJob(
    token: string,
    fiscalId: string,
    status: 'ERROR' | 'COMPLETED' = 'ERROR',
    daysBack = 60,
  ): Promise<string> {
    const today = romeDay(new Date());
    const started = await t.request({
      method: 'POST',
      url: '/api/it/jobs/invoice-download',
      token,
      payload: {
        fiscal_id: fiscalId,
        from_date: addDays(today, -daysBack),
        to_date: addDays(today, 10 - daysBack),
      },
    });
    expect(started.statusCode).toBe(201);
    const { uuid } = started.json() as { uuid: string };
    const at = new Date();
    await t.db
      .update(itJobs)
      .set({
        status,
        startedAt: at,
        completedAt: at,
        output: {
          message: 'No Fisconline credentials are stored.',
          message_key: 'credentialsMissing',
          message_parameters: { fiscal_id: fiscalId },
          imported: [],
          skipped: [],
          failed: [],
        },
      })
      .where(eq(itJobs.uuid, uuid));
    return uuid;
  }

  it('puts a failed job back to READY with a new run; a job that did not fail is a 409', async () => {
    const { token } = await downloader();
    const failed = await endedJob(token, '01234567897');
    const runsBefore = await runsOf(failed);

    const response = await rerun(token, failed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uuid: failed,
      status: 'READY',
      started_at: null,
      completed_at: null,
      output: null,
    });
    expect(await runsOf(failed)).toBe(runsBefore + 1);
    const listed = await t.request({ method: 'GET', url: `/api/it/jobs/${failed}`, token });
    expect(listed.json()).toMatchObject({ status: 'READY', output: null });

    // Waiting again: a second rerun is a conflict and queues nothing.
    const twice = await rerun(token, failed);
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['content-type']).toContain('application/problem+json');
    expect(await runsOf(failed)).toBe(runsBefore + 1);

    const completed = await endedJob(token, '01234567897', 'COMPLETED', 100);
    expect((await rerun(token, completed)).statusCode).toBe(409);
  });

  it('is 404 for an unknown or malformed id and for another tenant job; 403 without the role', async () => {
    const { token } = await downloader();
    const other = await downloader();
    const failed = await endedJob(token, '01234567897');
    expect((await rerun(other.token, failed)).statusCode).toBe(404);
    expect((await rerun(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await rerun(token, 'not-a-uuid')).statusCode).toBe(404);
    const reader = await t.createUser({ roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] } });
    const refused = await rerun(reader.token, failed);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const [row] = await t.db.select().from(itJobs).where(eq(itJobs.uuid, failed));
    expect(row?.status).toBe('ERROR');
  });

  it('reruns only the jobs of the companies a sub-account acts for', async () => {
    const scope = await businessWithTwoCompanies(t);
    for (const fiscalId of [X, Y]) await storeCredentials(scope.owner.id, fiscalId);
    const ofX = await endedJob(scope.owner.token, X);
    const ofY = await endedJob(scope.owner.token, Y);
    expect((await rerun(scope.unlinked.token, ofX)).statusCode).toBe(404);
    expect((await rerun(scope.linked.token, ofY)).statusCode).toBe(404);
    const [stillFailed] = await t.db.select().from(itJobs).where(eq(itJobs.uuid, ofY));
    expect(stillFailed?.status).toBe('ERROR');
    expect((await rerun(scope.linked.token, ofX)).statusCode).toBe(200);
    expect((await rerun(scope.owner.token, ofY)).statusCode).toBe(200);
  });
});
