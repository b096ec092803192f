import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import type { StoredRoles } from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itDownloadSchedules,
  itJobs,
} from '../../../db/schema/index.ts';
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

/** An account with ROLE_INVOICING_DOWNLOAD and one registry; resolves with its token. */
async function downloader(fiscalId = '01234567897', roles: StoredRoles = DOWNLOADER) {
  const { user, token } = await t.createUser({ roles });
  await t.db.insert(itBusinessRegistryConfigurations).values({
    ownerId: user.id,
    fiscalId,
    name: 'ALPHA SRL',
  });
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
