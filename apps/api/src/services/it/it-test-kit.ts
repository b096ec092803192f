import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { StoredRoles } from '../../db/schema/index.ts';
import { repoRoot } from '../../config.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Test support of the Italian invoicing tests (imported by *.test.ts only). */
export const SAMPLES_DIR = resolve(repoRoot, '../shared/spec/fatturapa/samples');

export function sample(path: string): string {
  return readFileSync(resolve(SAMPLES_DIR, path), 'utf8');
}

export const ALL_IT_ROLES = [
  'ROLE_CONFIG',
  'ROLE_INVOICING',
  'ROLE_INVOICING_DRAFT',
  'ROLE_FIX_INVOICE',
  'ROLE_SHOW_STATS',
];

/** An account shaped like italy@ (ALPHA SRL, the official samples' supplier). */
export async function createAlpha(
  t: TestApp,
  roles: StoredRoles = { it: ALL_IT_ROLES, common: ['ROLE_USER'] },
) {
  return t.createUser({
    roles,
    invoicingName: 'ALPHA SRL',
    invoicingVatNumber: 'IT01234567890',
    invoicingFiscalId: '01234567890',
  });
}

/** Runs the job queue until nothing is due: the sandbox SDI's steps, with SANDBOX_DELAY_MS=0. */
export async function drainJobs(t: TestApp, maxRounds = 100): Promise<void> {
  for (let round = 0; round < maxRounds; round += 1) {
    if ((await t.app.platform.worker.runOnce()) === 0) return;
  }
  throw new Error('the job queue did not drain');
}

export function sendXml(
  t: TestApp,
  token: string,
  xml: string,
  headers: Record<string, string> = {},
  url = '/api/it/invoices',
) {
  return t.request({
    method: 'POST',
    url,
    token,
    payload: xml,
    headers: { 'content-type': 'application/xml', ...headers },
  });
}

export async function getInvoice(t: TestApp, token: string, uuid: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/it/invoices/${uuid}`,
    token,
    headers: { accept: 'application/json' },
  });
  return response.json() as { marking: string; [key: string]: unknown };
}

/** Entries of a zip (local headers, deflate) read back with node's zlib. */
export function unzip(buffer: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const size = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extra = buffer.readUInt16LE(offset + 28);
    const name = buffer.subarray(offset + 30, offset + 30 + nameLength).toString('utf8');
    const start = offset + 30 + nameLength + extra;
    files.set(name, inflateRawSync(buffer.subarray(start, start + size)));
    offset = start + size;
  }
  return files;
}
