#!/usr/bin/env node
// Runs each workspace's unit suite in turn, as `npm run test -w …` would, and ends with a summary
// on stdout: which suites passed, and for a failed one the last lines it printed (stdout and
// stderr together). A CI log that shows only its tail then still names what failed and why.
// Arguments, when given, name the workspaces to run instead of all of them.
import { spawn } from 'node:child_process';

const WORKSPACES = [
  'packages/contracts',
  'packages/fatturapa',
  'packages/sdi-messages',
  'packages/ubl',
  'packages/ksef',
  'packages/smart-receipts',
  'packages/peppol-messages',
  'packages/reconcile',
  'apps/api',
  'apps/web',
];
const TAIL_LINES = 80;

function run(workspace) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'test', '-w', workspace, '--if-present'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = [];
    const keep = (chunk) => {
      tail = tail.concat(chunk.toString('utf8').split('\n')).slice(-TAIL_LINES);
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('close', (code, signal) =>
      resolve({ workspace, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000, tail }),
    );
  });
}

const results = [];
const chosen = process.argv.length > 2 ? process.argv.slice(2) : WORKSPACES;
for (const workspace of chosen) results.push(await run(workspace));

// eslint-disable-next-line no-control-regex -- strips the colour codes of the failed suite's tail
const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');
const failed = results.filter((result) => result.code !== 0);
for (const result of failed) {
  console.log(
    `\n== ${result.workspace} failed (exit ${result.code}${result.signal ? `, ${result.signal}` : ''}); its last lines:`,
  );
  console.log(result.tail.map(plain).join('\n'));
}
console.log('\n== unit suites');
for (const result of results) {
  console.log(
    `${result.code === 0 ? 'ok  ' : 'FAIL'} ${result.workspace} (${result.seconds.toFixed(0)} s)`,
  );
}
process.exit(failed.length > 0 ? 1 : 0);
