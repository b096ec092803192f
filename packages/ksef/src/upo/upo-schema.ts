// The UPO v4-3 schema (schemas/upo/upo-v4-3.xsd, copied from CIRFMF/ksef-docs), compiled once.
import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

const SCHEMA_URL = new URL('../../schemas/upo/upo-v4-3.xsd', import.meta.url);

let validator: XsdValidator | undefined;

/** The compiled UPO v4-3 schema; the process keeps it. */
export function upoValidator(): XsdValidator {
  if (!validator) {
    // The schema document stays alive with the validator, which points into it.
    const schema = XmlDocument.fromString(readFileSync(SCHEMA_URL, 'utf8'));
    validator = XsdValidator.fromDoc(schema);
  }
  return validator;
}
