/**
 * What the engines' command lines (`fatturapa`, `ubl`, `ksef`) share: where they read and write
 * (tests pass their own), the argument reader and the wording of a file error.
 */
import { readFile, writeFile } from 'node:fs/promises';

/** Where the command line writes and reads; tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (file: string) => Promise<Uint8Array>;
  writeFile: (file: string, data: string | Uint8Array) => Promise<void>;
}

export const nodeIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: async (file) => new Uint8Array(await readFile(file)),
  writeFile: (file, data) => writeFile(file, data),
};

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/** Positional arguments and `--flags`; the flags in `valueFlags` take the next argument. */
export function parseArgs(argv: readonly string[], valueFlags: ReadonlySet<string>): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (valueFlags.has(arg)) {
      flags.set(arg, argv[index + 1] ?? '');
      index += 1;
    } else if (arg.startsWith('--')) flags.set(arg, true);
    else positional.push(arg);
  }
  return { positional, flags };
}

/** A file error in a user's words. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && 'code' in error) {
    if (error.code === 'ENOENT') return 'file not found';
    if (error.code === 'EISDIR') return 'is a directory, not a file';
    if (error.code === 'EACCES') return 'permission denied';
  }
  return error instanceof Error ? error.message : String(error);
}
