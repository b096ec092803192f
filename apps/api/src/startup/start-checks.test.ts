import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleBuildDecision, type ConsoleLayout } from './console-build.ts';
import { isPortFree, portTakenMessage } from './port-check.ts';

const layout: ConsoleLayout = {
  sources: ['web/src', 'web/index.html', 'contracts/src'],
  builtEntry: 'web/dist/index.html',
};

let root: string;
const servers: Server[] = [];

/** Writes `path` under the test root with a modification time `secondsAgo` in the past. */
function write(path: string, secondsAgo: number) {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, 'x');
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, when, when);
}

/** Folders get the time of their last entry change (now): set them back, as in a settled clone. */
function settleFolders(folder = root) {
  const longAgo = new Date(Date.now() - 1000 * 1000);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) settleFolders(join(folder, entry.name));
  }
  utimesSync(folder, longAgo, longAgo);
}

/** The build decision once the folders have settled. */
function decide() {
  settleFolders();
  return consoleBuildDecision(root, layout);
}

function freshRoot() {
  root = mkdtempSync(join(tmpdir(), 'fiscus-start-'));
  write('web/src/main.tsx', 300);
  write('web/index.html', 300);
  write('contracts/src/index.ts', 300);
}

afterEach(async () => {
  if (root) rmSync(root, { recursive: true, force: true });
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe('the console build decision of npm start', () => {
  it('builds when there is no build yet', () => {
    freshRoot();
    expect(decide()).toEqual({ build: true, reason: 'no build yet' });
  });

  it('does not rebuild a console built after its last change', () => {
    freshRoot();
    write('web/dist/index.html', 100);
    expect(decide()).toEqual({ build: false, reason: 'up to date' });
  });

  it('rebuilds when a source (deep in a folder, or in a package it imports) changed since', () => {
    freshRoot();
    write('web/dist/index.html', 100);
    write('web/src/features/x/page.tsx', 10);
    expect(decide()).toEqual({ build: true, reason: 'sources changed' });

    freshRoot();
    write('web/dist/index.html', 100);
    write('contracts/src/invoice.ts', 10);
    expect(decide().build).toBe(true);
  });

  it('ignores dependencies and build outputs inside the sources', () => {
    freshRoot();
    write('web/dist/index.html', 100);
    write('web/src/node_modules/dep/index.js', 10);
    expect(decide().build).toBe(false);
  });
});

describe('the port check of npm start', () => {
  it('says a free port is free and a taken one is taken, in a plain sentence', async () => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((done) => server.listen({ port: 0, host: '127.0.0.1' }, done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    expect(await isPortFree(address.port, '127.0.0.1')).toBe(false);
    expect(portTakenMessage(address.port, '127.0.0.1')).toContain(
      `Port ${address.port} on 127.0.0.1 is already in use`,
    );

    await new Promise((done) => server.close(done));
    servers.length = 0;
    expect(await isPortFree(address.port, '127.0.0.1')).toBe(true);
  });
});
