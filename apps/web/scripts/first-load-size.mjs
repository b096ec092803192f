#!/usr/bin/env node
// Prints the JavaScript a browser downloads on the first load of a route, from the build's
// manifest (run `npm run build` first): the entry, the route's lazy chunk, their static imports
// and the route's translation files. Usage: node scripts/first-load-size.mjs [module] [lang] [ns…]
// Default: the login page in English with the `common` and `auth` namespaces.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const [route = 'src/features/auth/components/login-page.tsx', lang = 'en', ...ns] =
  process.argv.slice(2);
const namespaces = ns.length > 0 ? ns : ['common', 'auth'];

const roots = [
  'index.html',
  route,
  ...namespaces.map((name) => `src/locales/${lang}/${name}.json`),
];
const seen = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const child of chunk.imports ?? []) visit(child);
};
roots.forEach(visit);

let raw = 0;
let gzip = 0;
for (const file of seen) {
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`${route} (${lang}): ${seen.size} JS files, ${kb(raw)} KB raw, ${kb(gzip)} KB gzip`);
