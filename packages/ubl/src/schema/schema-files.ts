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

/** The absolute paths of every file of `common/` and `maindoc/` (for the native lane). */
export function schemaFilePaths(): string[] {
  const paths: string[] = [];
  for (const folder of ['common', 'maindoc']) {
    const directory = fileURLToPath(new URL(`${folder}/`, XSD_DIRECTORY));
    for (const name of readdirSync(directory)) {
      if (name.endsWith('.xsd')) paths.push(`${directory}${name}`);
    }
  }
  return paths;
}

/** The absolute path of the maindoc schema of the document whose root element is `root`. */
export function maindocSchemaPath(root: string): string {
  return fileURLToPath(new URL(`maindoc/UBL-${root}-2.1.xsd`, XSD_DIRECTORY));
}
