#!/usr/bin/env node
// The size budget of the console's first loads (`npm run size -w apps/web`, after `npm run build`).
// For each screen of size-budgets.json it follows the build's manifest from index.html through the
// screen's lazy modules and their static imports, adds the translation files the screen fetches
// (the shell's and those its `Screen` declares; `"*"` would mean every one), and sums what a browser
// is sent: each file's brotli copy when the build made one (vite.config.ts), else the file. A
// screen over its budget fails the command, so growth is seen in CI; the targets are
// printed beside the budgets until the budgets reach them.
// Usage: node scripts/first-load-size.mjs [--lang=en] [screen name…]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build: run `npm run build -w apps/web` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const { screens } = JSON.parse(readFileSync(join(root, 'size-budgets.json'), 'utf8'));
const args = process.argv.slice(2);
const lang = args.find((arg) => arg.startsWith('--lang='))?.slice('--lang='.length) ?? 'en';
const only = args.filter((arg) => !arg.startsWith('--'));

const allNamespaces = readdirSync(join(root, 'src', 'locales', lang))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

/** Bytes sent for one built file: its .br copy, else the file brotli-compressed here. */
function sentBytes(file) {
  const path = join(dist, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  const bytes = readFileSync(path);
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

/** The built files of a screen's first load: chunks reached by static imports, and its locales. */
function filesOf(screen) {
  const namespaces = screen.namespaces.includes('*') ? allNamespaces : screen.namespaces;
  const roots = [
    'index.html',
    // Every screen but a plain one renders inside MUI's theme, a layout route of its own.
    ...(screen.plain ? [] : ['src/app/themed-root.tsx']),
    ...screen.modules,
    ...namespaces.map((name) => `src/locales/${lang}/${name}.json`),
  ];
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${screen.name}: ${key} is not in the build manifest`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  roots.forEach(visit);
  return [...seen];
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
let over = 0;
for (const screen of screens) {
  if (only.length > 0 && !only.includes(screen.name)) continue;
  const files = filesOf(screen);
  // Translation files are JavaScript chunks too (JSON modules); shown apart as well.
  const locales = new Set(
    Object.entries(manifest)
      .filter(([key]) => key.startsWith(`src/locales/${lang}/`))
      .map(([, chunk]) => chunk.file),
  );
  const jsBytes = files.reduce((sum, file) => sum + sentBytes(file), 0);
  const jsonBytes = files
    .filter((file) => locales.has(file))
    .reduce((sum, file) => sum + sentBytes(file), 0);
  const js = files;
  const fits = jsBytes <= screen.budgetKb * 1024;
  if (!fits) over += 1;
  const target = screen.targetKb ? `, target ${screen.targetKb} KB` : '';
  console.log(
    `${fits ? 'ok  ' : 'OVER'} ${screen.name} (${screen.path}, ${lang}): ${js.length} JS files, ` +
      `${kb(jsBytes)} KB brotli (budget ${screen.budgetKb} KB${target}); ` +
      `of which translations ${kb(jsonBytes)} KB`,
  );
}
if (over > 0) {
  console.error(
    `${over} screen(s) over budget: load less on first paint (docs/adding-a-resource.md), ` +
      'or raise the budget in apps/web/size-budgets.json with the reason in the commit.',
  );
  process.exit(1);
}
