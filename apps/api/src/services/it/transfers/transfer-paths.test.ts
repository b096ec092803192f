import { describe, expect, it } from 'vitest';
import { foldersAlong, parseFolderPrefix, parseUploadPath } from './transfer-paths.ts';

describe('parseUploadPath', () => {
  it('reads folders, file name and kind', () => {
    expect(parseUploadPath('2026/Fatture marzo/IT01234567890_00001.xml')).toEqual({
      folder: '2026/Fatture marzo',
      fileName: 'IT01234567890_00001.xml',
      kind: 'invoice',
    });
    expect(parseUploadPath('IT01234567890_00001.XML.P7M')).toMatchObject({
      folder: '',
      kind: 'invoice',
    });
    expect(parseUploadPath('archivio/lotto (1).zip')).toMatchObject({ kind: 'zip' });
    expect(parseUploadPath('Società/IT01234567890_00001.xml')).toMatchObject({ folder: 'Società' });
  });

  it('refuses every path that could leave the tree, or is not an invoice', () => {
    for (const path of [
      '',
      '../IT01234567890_00001.xml',
      'a/../../IT01234567890_00001.xml',
      'a/./IT01234567890_00001.xml',
      '/etc/IT01234567890_00001.xml',
      'C:/IT01234567890_00001.xml',
      'a\\..\\IT01234567890_00001.xml',
      'a//IT01234567890_00001.xml',
      'a/IT01234567890_00001.xml/',
      'a\u0000b/IT01234567890_00001.xml',
      'a\nb/IT01234567890_00001.xml',
      '%2e%2e/IT01234567890_00001.xml',
      ' a/IT01234567890_00001.xml',
      'a./IT01234567890_00001.xml',
      `${'a'.repeat(101)}/IT01234567890_00001.xml`,
      `${'a/'.repeat(10)}IT01234567890_00001.xml`,
      `${'abcdefghi/'.repeat(50)}x.xml`,
      'a/notes.pdf',
      'a/IT01234567890_00001',
    ]) {
      const parsed = parseUploadPath(path);
      expect('violations' in parsed, JSON.stringify(path)).toBe(true);
      if ('violations' in parsed) expect(parsed.violations[0]?.propertyPath).toBe('path');
    }
  });
});

describe('parseFolderPrefix', () => {
  it('reads the root and folders, refuses tricks on prefix', () => {
    expect(parseFolderPrefix(undefined)).toBe('');
    expect(parseFolderPrefix('/')).toBe('');
    expect(parseFolderPrefix('2026/march/')).toBe('2026/march');
    const refused = parseFolderPrefix('../other');
    expect(typeof refused === 'object' && refused.violations[0]?.propertyPath).toBe('prefix');
  });
});

describe('foldersAlong', () => {
  it('lists each folder on the way with its parent', () => {
    expect(foldersAlong('a/b/c')).toEqual([
      { path: 'a', parent: '' },
      { path: 'a/b', parent: 'a' },
      { path: 'a/b/c', parent: 'a/b' },
    ]);
    expect(foldersAlong('')).toEqual([]);
  });
});
