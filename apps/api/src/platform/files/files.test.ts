import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidFileKeyError } from './file-store.ts';
import { FolderFileStore } from './folder-file-store.ts';

const parent = mkdtempSync(join(tmpdir(), 'fiscus-files-'));
const root = join(parent, 'store');
const store = new FolderFileStore(root);
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('FolderFileStore', () => {
  it('puts, gets, checks and deletes files by key', async () => {
    const xml = '<FatturaElettronica versione="FPR12"/>';
    await store.put('it/invoices/2026/IT01234567890_00001.xml', xml);
    expect(await store.exists('it/invoices/2026/IT01234567890_00001.xml')).toBe(true);
    expect((await store.get('it/invoices/2026/IT01234567890_00001.xml'))?.toString()).toBe(xml);
    expect(readFileSync(join(root, 'it/invoices/2026/IT01234567890_00001.xml'), 'utf8')).toBe(xml);

    await store.put('it/invoices/2026/IT01234567890_00001.xml', Buffer.from([1, 2, 3]));
    expect([...(await store.get('it/invoices/2026/IT01234567890_00001.xml'))!]).toEqual([1, 2, 3]);

    expect(await store.delete('it/invoices/2026/IT01234567890_00001.xml')).toBe(true);
    expect(await store.delete('it/invoices/2026/IT01234567890_00001.xml')).toBe(false);
    expect(await store.exists('it/invoices/2026/IT01234567890_00001.xml')).toBe(false);
    expect(await store.get('it/invoices/2026/IT01234567890_00001.xml')).toBeNull();
    expect(await store.get('missing/deeper/file.pdf')).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    writeFileSync(join(parent, 'secret.txt'), 'top secret');
    for (const key of [
      '../secret.txt',
      'a/../../secret.txt',
      '/etc/passwd',
      'a//b',
      '',
      '.hidden',
      'a/./b',
      'a\\..\\secret.txt',
      'a/b/',
      'name\u0000.xml',
    ]) {
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.put(key, 'x'), key).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
    expect(readFileSync(join(parent, 'secret.txt'), 'utf8')).toBe('top secret');
  });
});
