import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The UBL 2.1 XSDs shipped with the package (`schemas/ubl-2.1/xsd`). */
const XSD_DIRECTORY = new URL('../../schemas/ubl-2.1/xsd/', import.meta.url);

/**
 * Where libxml2 is told the schemas live: a name no network or disk is asked for (imports are
 * served from the buffers below, see xsd.ts).
 */
export const SCHEMA_BASE = '/fiscus-ubl-2.1/xsd/';

/** Every file of `common/` and `maindoc/`, by the name libxml2 resolves it to. */
export function readSchemaFiles(): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const folder of ['common', 'maindoc']) {
    const directory = new URL(`${folder}/`, XSD_DIRECTORY);
    for (const name of readdirSync(fileURLToPath(directory))) {
      if (!name.endsWith('.xsd')) continue;
      files[`${SCHEMA_BASE}${folder}/${name}`] = readFileSync(
        fileURLToPath(new URL(name, directory)),
      );
    }
  }
  return files;
}

/** The name of the maindoc schema of the document whose root element is `root`. */
export function maindocSchema(root: string): string {
  return `${SCHEMA_BASE}maindoc/UBL-${root}-2.1.xsd`;
}
