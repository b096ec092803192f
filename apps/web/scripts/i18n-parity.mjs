#!/usr/bin/env node
// Translation parity of the console: every language has every key, and each plural key has
// exactly the plural forms its language uses (CLDR's, through Intl.PluralRules, as i18next reads
// them): `_one`/`_other` in English, `_one`/`_many`/`_other` in Italian (`many` is for millions),
// `_one`/`_few`/`_many`/`_other` in Polish. A missing form shows the fallback to a user; a form
// the language never uses is dead text. Exit 1 on any problem.
// Usage: node apps/web/scripts/i18n-parity.mjs [locales folder]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** `a.b_one` → { base: 'a.b', form: 'one' }; undefined when the key has no plural suffix. */
function pluralPart(key) {
  const cut = key.lastIndexOf('_');
  if (cut < 0) return undefined;
  const form = key.slice(cut + 1);
  return PLURAL_SUFFIXES.includes(form) ? { base: key.slice(0, cut), form } : undefined;
}

function flatten(value, prefix = '') {
  return Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' && !Array.isArray(child)
      ? flatten(child, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function jsonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return path.endsWith('.json') ? [path] : [];
  });
}

/** The plural forms a language uses, as i18next picks them. */
export function pluralForms(language) {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

/**
 * Compares the locale folders under `root` (one folder a language, one JSON file a namespace).
 * Returns the problems found, one sentence each; none means parity.
 */
export function checkParity(root) {
  const problems = [];
  const languages = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());
  /** @type {Record<string, Set<string>>} */
  const keys = {};
  for (const language of languages) {
    keys[language] = new Set();
    for (const file of jsonFiles(join(root, language))) {
      const namespace = relative(join(root, language), file).replace(/\.json$/, '');
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8'));
        for (const key of flatten(parsed)) keys[language].add(`${namespace}:${key}`);
      } catch (error) {
        problems.push(`${relative(root, file)} is not valid JSON: ${error.message}`);
      }
    }
  }

  // A base is plural when some language has its `_other` form.
  const pluralBases = new Set();
  for (const language of languages) {
    for (const key of keys[language]) {
      const plural = pluralPart(key);
      if (plural?.form === 'other') pluralBases.add(plural.base);
    }
  }
  const isPluralKey = (key) => {
    const plural = pluralPart(key);
    return plural !== undefined && pluralBases.has(plural.base);
  };

  const plainKeys = new Set(
    languages.flatMap((language) => [...keys[language]].filter((key) => !isPluralKey(key))),
  );
  for (const language of languages) {
    const forms = pluralForms(language);
    const lacking = [...plainKeys].filter((key) => !keys[language].has(key));
    if (lacking.length > 0) problems.push(`${language} lacks ${lacking.join(', ')}`);
    for (const base of pluralBases) {
      const present = PLURAL_SUFFIXES.filter((form) => keys[language].has(`${base}_${form}`));
      const missing = forms.filter((form) => !present.includes(form));
      const dead = present.filter((form) => !forms.includes(form));
      if (missing.length > 0) {
        problems.push(`${language} lacks the plural form(s) ${missing.join(', ')} of ${base}`);
      }
      if (dead.length > 0) {
        problems.push(`${language} has plural form(s) ${dead.join(', ')} of ${base} it never uses`);
      }
    }
  }
  return { languages, keyCount: plainKeys.size + pluralBases.size, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../src/locales', import.meta.url));
  if (!existsSync(root)) {
    console.error(`i18n-parity: no folder ${root}`);
    process.exit(2);
  }
  const { languages, keyCount, problems } = checkParity(root);
  for (const problem of problems) console.log(`i18n-parity: ${problem}`);
  console.log(
    `i18n-parity: ${languages.join('/')}, ${keyCount} keys, ${problems.length} problem(s)`,
  );
  if (problems.length > 0) process.exitCode = 1;
}
