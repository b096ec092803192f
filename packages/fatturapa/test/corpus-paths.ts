import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (`/work/main`); `shared/` is cloned beside it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fatturapaSpec = path.resolve(repoRoot, '../shared/spec/fatturapa');
export const officialSamples = path.join(fatturapaSpec, 'samples/official');
export const realworldSamples = path.join(fatturapaSpec, 'samples/realworld');

export function listFiles(directory: string): string[] {
  return readdirSync(directory)
    .flatMap((name) => {
      const full = path.join(directory, name);
      return statSync(full).isDirectory() ? listFiles(full) : [full];
    })
    .sort();
}
