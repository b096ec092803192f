import { readdirSync, readFileSync, statSync } from 'node:fs';
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

export interface Expectation {
  file: string;
  /** FPA12, FPR12, FSM10, 1.1 or - */
  format: string;
  check: string;
}

/** The realworld table of the corpus README: one row per file with its "check" column. */
export function readmeExpectations(): Expectation[] {
  const readme = readFileSync(path.join(fatturapaSpec, 'README.md'), 'utf8');
  const rows: Expectation[] = [];
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`(.+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name || cells.length < 7) continue;
    const file = path.join(realworldSamples, name);
    if (!file.startsWith(realworldSamples) || !listFiles(path.dirname(file)).includes(file))
      continue;
    rows.push({ file, format: cells[2] ?? '', check: cells[5] ?? '' });
  }
  return rows;
}

/** The README's extra file (not in its table): invalid under 1.2.2, valid under 1.2.3. */
export const TD29_RF20 = path.join(
  realworldSamples,
  'phax__ph-fatturapa/122-bad/IT01234567890_FPR01_TD29_RF20.xml',
);

/** The real-world documents the README calls schema-valid, and TD29_RF20 (valid under 1.2.3). */
export function schemaValidRealworld(): string[] {
  const valid = readmeExpectations()
    .filter((row) => /\bvalid\b/.test(row.check) && !/INVALID|unreadable/.test(row.check))
    .map((row) => row.file);
  return [...valid, TD29_RF20];
}
