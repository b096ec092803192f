/**
 * `npm start` (root): checks the port, builds the console only when its sources changed, then
 * runs the server in this process (`src/server.ts`). `FORCE_BUILD=1` always builds.
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '../config.ts';
import { consoleBuildDecision } from './console-build.ts';
import { isPortFree, portTakenMessage } from './port-check.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.workers !== 'only' && !(await isPortFree(config.port, config.host))) {
    console.error(portTakenMessage(config.port, config.host));
    process.exit(1);
  }

  const decision = consoleBuildDecision(root);
  if (decision.build || process.env.FORCE_BUILD === '1') {
    console.log(`Building the console (${decision.reason})…`);
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else {
    console.log('The console is up to date (apps/web/dist): no build needed.');
  }

  await import('../server.ts');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
