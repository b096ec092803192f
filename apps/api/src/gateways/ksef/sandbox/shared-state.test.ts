/*
 * Several processes share the sandbox's database: here two sandboxes (as two API processes) on
 * one database, asked at the same moment.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-app.ts';
import { ksefSandboxInvoices, ksefSandboxKeys } from '../../../db/schema/index.ts';
import { SandboxKsefGateway } from '../sandbox-client.ts';
import { KsefSandbox } from './ksef-sandbox.ts';

const KSEF = resolve(import.meta.dirname, '../../../../../../../shared/spec/ksef');
const OFFICIAL = readFileSync(resolve(KSEF, 'samples/fa3-official-mf/FA_3_Przykład_1.xml'));
const SELLER = '9999999999';
const FA3 = { systemCode: 'FA (3)', schemaVersion: '1-0E' };

describe('the sandbox KSeF shared by processes', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let now = new Date('2026-03-03T08:00:00.000Z');
  const clock = () => new Date(now.getTime());
  let first: KsefSandbox;
  let second: KsefSandbox;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.handle.migrate();
    const options = { db: handle.handle.db, clock, numberDelayMs: 1_000, upoDelayMs: 1_000 };
    first = new KsefSandbox(options);
    second = new KsefSandbox(options);
  });

  afterAll(async () => {
    await handle?.drop();
  });

  it('makes each key once, whoever asks first', async () => {
    const [one, two] = await Promise.all([
      first.publicKeyCertificates(),
      second.publicKeyCertificates(),
    ]);
    expect(one).toEqual(two);
    const [a, b] = await Promise.all([
      first.testCertificate(SELLER),
      second.testCertificate(SELLER),
    ]);
    expect(a).toEqual(b);
    const keys = await handle.handle.db
      .select({ purpose: ksefSandboxKeys.purpose })
      .from(ksefSandboxKeys);
    expect(keys.map((key) => key.purpose).sort()).toEqual([
      'ca',
      'encryption',
      `test-certificate:${SELLER}`,
    ]);
  });

  it('accepts one of two copies of an invoice sent through two processes, once', async () => {
    const ksefToken = (await first.issueTestKsefToken(SELLER)).token;
    const credentials = { nip: SELLER, ksefToken };
    const viaFirst = new SandboxKsefGateway({ db: handle.handle.db, clock, sandbox: first });
    const viaSecond = new SandboxKsefGateway({ db: handle.handle.db, clock, sandbox: second });
    const [one, two] = await Promise.all([
      viaFirst.sendInvoice(credentials, OFFICIAL, { offlineMode: false, formCode: FA3 }),
      viaSecond.sendInvoice(credentials, OFFICIAL, { offlineMode: false, formCode: FA3 }),
    ]);
    now = new Date(now.getTime() + 1_000);
    const states = await Promise.all([
      viaFirst.invoiceState(credentials, one),
      viaSecond.invoiceState(credentials, two),
      viaSecond.invoiceState(credentials, one),
      viaFirst.invoiceState(credentials, two),
    ]);
    const codes = states
      .slice(0, 2)
      .map((state) => state.code)
      .sort();
    expect(codes).toEqual([200, 440]);
    // Each invoice has one verdict, whichever process reads it.
    expect(states[2]).toEqual(states[0]);
    expect(states[3]).toEqual(states[1]);
    const numbered = await handle.handle.db
      .select({ ksefNumber: ksefSandboxInvoices.ksefNumber })
      .from(ksefSandboxInvoices)
      .where(eq(ksefSandboxInvoices.statusCode, 200));
    expect(numbered).toHaveLength(1);
  });
});
