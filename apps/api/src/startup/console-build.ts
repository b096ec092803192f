/**
 * `npm start`'s second step: does the console need a build? It does when `apps/web/dist` has no
 * `index.html`, or when any of its sources (the web app, and the packages it imports) changed
 * after that file was written. An up-to-date console starts in a second instead of a minute.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where the console's sources and build live, relative to the repository root. */
export interface ConsoleLayout {
  /** Files or folders whose content goes into the build. */
  sources: readonly string[];
  /** The build's entry, written last by vite. */
  builtEntry: string;
}

export const consoleLayout: ConsoleLayout = {
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'apps/web/tsconfig.json',
    'packages/contracts/src',
    'packages/fatturapa/src',
    'package-lock.json',
  ],
  builtEntry: 'apps/web/dist/index.html',
};

/** Folders never read for the newest source (build outputs, dependencies, caches). */
const SKIPPED = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** The newest modification time under `path` (a file or a folder, recursively); 0 if absent. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

export type BuildDecision =
  | { build: true; reason: 'no build yet' | 'sources changed' }
  | { build: false; reason: 'up to date' };

/** Whether the console under `root` must be built before the server starts. */
export function consoleBuildDecision(root: string, layout = consoleLayout): BuildDecision {
  const entry = join(root, layout.builtEntry);
  if (!existsSync(entry)) return { build: true, reason: 'no build yet' };
  const built = statSync(entry).mtimeMs;
  const changed = layout.sources.some((source) => newestMtime(join(root, source)) > built);
  return changed
    ? { build: true, reason: 'sources changed' }
    : { build: false, reason: 'up to date' };
}
