import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** An official XSD shipped with the package (`schemas/`). */
export function readSchemaFile(name: string): Uint8Array {
  return readFileSync(fileURLToPath(new URL(`../../schemas/${name}`, import.meta.url)));
}
