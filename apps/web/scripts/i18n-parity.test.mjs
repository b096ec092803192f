import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkParity, pluralForms } from './i18n-parity.mjs';

let root;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** Writes `{ lang: { namespace: json } }` as locale folders and checks them. */
function check(locales) {
  root = mkdtempSync(join(tmpdir(), 'i18n-parity-'));
  for (const [language, namespaces] of Object.entries(locales)) {
    mkdirSync(join(root, language));
    for (const [namespace, content] of Object.entries(namespaces)) {
      writeFileSync(join(root, language, `${namespace}.json`), JSON.stringify(content));
    }
  }
  return checkParity(root).problems;
}

describe('translation parity', () => {
  it('knows each language its own plural forms', () => {
    expect(pluralForms('en')).toEqual(['one', 'other']);
    expect([...pluralForms('pl')].sort()).toEqual(['few', 'many', 'one', 'other']);
    expect([...pluralForms('it')].sort()).toEqual(['many', 'one', 'other']);
  });

  it('accepts each language with exactly its plural forms', () => {
    expect(
      check({
        en: { list: { selected_one: '1 selected', selected_other: '{{count}} selected' } },
        it: {
          list: { selected_one: '1', selected_many: '{{count}}', selected_other: '{{count}}' },
        },
        pl: {
          list: { selected_one: '1', selected_few: '2', selected_many: '5', selected_other: 'x' },
        },
      }),
    ).toEqual([]);
  });

  it('finds a missing key, a missing plural form and a dead one', () => {
    expect(
      check({
        en: { list: { title: 'T', selected_one: '1', selected_few: '2', selected_other: 'n' } },
        pl: { list: { selected_one: '1', selected_many: '5', selected_other: 'n' } },
      }),
    ).toEqual([
      'en has plural form(s) few of list:selected it never uses',
      'pl lacks list:title',
      'pl lacks the plural form(s) few of list:selected',
    ]);
  });

  it('holds for the console’s own translations', () => {
    const locales = resolve(dirname(fileURLToPath(import.meta.url)), '../src/locales');
    expect(checkParity(locales).problems).toEqual([]);
  });
});
