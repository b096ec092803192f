// Builds the addon at install time (npm runs this package's `install` script for the workspace).
// It never fails the install: without a compiler or libxml2-dev it prints one line and
// @fiscus/ksef and @fiscus/ubl validate with libxml2-wasm instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** node-gyp: the one npm runs scripts with (npm bundles it), else npm's own copy beside node. */
function nodeGyp() {
  const fromNpm = process.env.npm_config_node_gyp;
  if (fromNpm && existsSync(fromNpm)) return fromNpm;
  const bundled = path.resolve(
    path.dirname(process.execPath),
    '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  );
  if (existsSync(bundled)) return bundled;
  try {
    return createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return undefined;
  }
}

/** Node's own headers when they sit beside it (Debian's nodejs): nothing is downloaded. */
function nodeDir() {
  if (process.env.npm_config_nodedir) return undefined;
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include/node/node_api.h')) ? prefix : undefined;
}

const gyp = nodeGyp();
let reason;
if (!gyp) {
  reason = 'node-gyp not found';
} else {
  const dir = nodeDir();
  const result = spawnSync(
    process.execPath,
    [gyp, 'rebuild', ...(dir ? [`--nodedir=${dir}`] : [])],
    { cwd: packageRoot, encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0) {
    // The compiler's or pkg-config's own words rather than node-gyp's log around them.
    const lines = `${result.stderr ?? ''}\n${result.stdout ?? ''}`
      .split('\n')
      .map((text) => text.trim())
      .filter((text) => text !== '');
    const line =
      lines.find((text) => !text.startsWith('gyp ') && /error|not found|no such/i.test(text)) ??
      lines.find((text) => text.startsWith('gyp ERR!')) ??
      String(result.error ?? '');
    reason = line.slice(0, 200) || `node-gyp exited with ${result.status}`;
  }
}
console.log(
  reason
    ? `@fiscus/libxml2-native not built (${reason}): KSeF and UBL validation use libxml2-wasm`
    : '@fiscus/libxml2-native built: KSeF and UBL validation use the machine libxml2',
);
