import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (`/work/main`); `shared/` is cloned beside it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ksefSpec = path.resolve(repoRoot, '../shared/spec/ksef');
export const ksefSamples = path.join(ksefSpec, 'samples');

export function listFiles(directory: string): string[] {
  return readdirSync(directory)
    .flatMap((name) => {
      const full = path.join(directory, name);
      return statSync(full).isDirectory() ? listFiles(full) : [full];
    })
    .sort();
}

/** Every invoice sample (the UPO receipts are not invoices). */
export function invoiceSamples(): string[] {
  return listFiles(ksefSamples).filter(
    (file) => /\.xml$/i.test(file) && !file.startsWith(path.join(ksefSamples, 'upo')),
  );
}

/** The sample's name relative to the samples folder. */
export function sampleName(file: string): string {
  return path.relative(ksefSamples, file);
}

/** A day after every sample's issue date: P_1 never counts as being in the future. */
export const LATE_ACCEPTANCE = '2030-01-01';
