import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The official XSDs shipped with the package (`schemas/`), read once. */
export function readSchemaFile(name: string): Uint8Array {
  return readFileSync(fileURLToPath(new URL(`../../schemas/${name}`, import.meta.url)));
}
