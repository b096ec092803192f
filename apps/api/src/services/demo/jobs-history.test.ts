import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ItJob } from '@fiscus/contracts';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed-demo.ts';
import { seedDemoJobsHistory } from './jobs-history.ts';

let t: TestApp;
let token: string;
const now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  const [owner] = await t.db.select().from(users).where(eq(users.email, 'italy@demo.fiscus.test'));
  await seedDemoJobsHistory(t.db, owner!.id, now);
  // A second run (a restart mid-seed) adds nothing.
  await seedDemoJobsHistory(t.db, owner!.id, now);
  const login = await t.request({
    method: 'POST',
    url: '/api/common/login',
    payload: { email: 'italy@demo.fiscus.test', password: DEMO_PASSWORD },
  });
  token = login.json().token as string;
});
afterAll(async () => {
  await t.close();
});

describe('the demo massive imports of ALPHA SRL', () => {
  it('has an active schedule with auto-renew, from three weeks ago for a year', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/it/schedule/invoice-download/01234567897',
      token,
    });
    expect(response.json()).toEqual({ enabled: true, valid_until: '2027-10-30', auto_renew: true });
  });

  it('has a job a night (one ERROR) and the archive download, all finished', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/it/jobs?itemsPerPage=100',
      token,
    });
    const jobs = response.json() as ItJob[];
    expect(jobs).toHaveLength(21);
    expect(jobs.filter((job) => job.status === 'ERROR')).toHaveLength(1);
    expect(jobs.filter((job) => job.status === 'COMPLETED')).toHaveLength(20);
    expect(jobs.filter((job) => !job.parameters.daily)).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      fiscal_id: '01234567897',
      parameters: { from: '2026-11-16', to: '2026-11-19', daily: true },
      created_at: '2026-11-19T02:00:00.000Z',
    });
    expect(jobs.every((job) => job.output !== null && job.completed_at !== null)).toBe(true);
  });
});
