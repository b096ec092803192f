import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The path of an official XSD shipped with the package (`schemas/`). */
export function schemaFilePath(name: string): string {
  return fileURLToPath(new URL(`../../schemas/${name}`, import.meta.url));
}

/** An official XSD shipped with the package (`schemas/`). */
export function readSchemaFile(name: string): Uint8Array {
  return readFileSync(schemaFilePath(name));
}
