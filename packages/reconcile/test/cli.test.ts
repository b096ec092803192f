import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluate,
  meetsTargets,
  type AnswerKeyEntry,
  type MatchLine,
} from '../src/synthetic/index.ts';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/reconcile.mjs', import.meta.url));
let dir = '';

async function reconcile(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reconcile-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npx reconcile', () => {
  it('generates a ledger, matches its folder of invoices with its statement, and scores it', async () => {
    const generated = await reconcile(
      'generate',
      '--invoices',
      '300',
      '--out',
      dir,
      '--seed',
      '11',
    );
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain('entries in');
    const matched = await reconcile(
      'match',
      '--invoices',
      path.join(dir, 'invoices'),
      '--statement',
      path.join(dir, 'statement.xml'),
    );
    expect(matched.stderr).toBe('');
    expect(matched.code).toBe(0);
    const lines = matched.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as MatchLine);
    const key = (await readFile(path.join(dir, 'answer-key.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AnswerKeyEntry);
    expect(lines).toHaveLength(key.length);
    expect(Object.keys(lines[0] ?? {})).toEqual([
      'entry',
      'invoices',
      'auto',
      'confidence',
      'reasons',
    ]);
    const result = evaluate(key, lines);
    expect(result.ambiguousAuto).toBe(0);
    expect(result.unexplained).toBe(0);
    expect(result.precision).toBe(1);
    expect(result.autoRate).toBeGreaterThan(0.97);
    await writeFile(path.join(dir, 'matches.jsonl'), matched.stdout);
    const scored = await reconcile(
      'evaluate',
      '--key',
      path.join(dir, 'answer-key.jsonl'),
      '--matches',
      path.join(dir, 'matches.jsonl'),
    );
    expect(JSON.parse(scored.stdout)).toMatchObject({ ambiguousAuto: 0, unexplained: 0 });
    expect(scored.code).toBe(meetsTargets(result) ? 0 : 1);
  }, 60_000);

  it('refuses a hostile statement with its code and a non-zero exit', async () => {
    const hostile = path.join(dir, 'hostile.xml');
    await writeFile(
      hostile,
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>',
    );
    const result = await reconcile(
      'match',
      '--invoices',
      path.join(dir, 'invoices'),
      '--statement',
      hostile,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('refused [doctype-forbidden]');
  }, 30_000);

  it('explains bad arguments and missing files', async () => {
    expect((await reconcile('match', '--invoices', dir)).code).toBe(2);
    expect((await reconcile('frobnicate')).code).toBe(2);
    const missing = await reconcile(
      'match',
      '--invoices',
      dir,
      '--statement',
      path.join(dir, 'nope.xml'),
    );
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stderr).toContain('file not found');
    const empty = await mkdtemp(path.join(os.tmpdir(), 'reconcile-empty-'));
    const none = await reconcile(
      'match',
      '--invoices',
      empty,
      '--statement',
      path.join(dir, 'statement.xml'),
    );
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no FatturaPA invoice');
    await rm(empty, { recursive: true });
  }, 30_000);
});
