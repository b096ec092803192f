import type { Finding } from '../findings.ts';
import { parseUbl, type ParseOptions } from '../xml/parse.ts';
import type { UblJson } from './json-shape.ts';
import { treeToJson } from './to-json.ts';

export { jsonPathOf } from './json-path.ts';
export { jsonToUbl } from './to-xml.ts';
export { treeToJson } from './to-json.ts';
export type { UblJson, UblObject, UblValue } from './json-shape.ts';

/**
 * The JSON of a UBL document (see json-shape.ts). Never throws: unsafe, malformed or non-UBL
 * input gives layer-1 findings and no JSON. The XSD is not checked (validateUbl does).
 */
export function ublToJson(
  input: string | Uint8Array,
  options: ParseOptions = {},
): { json?: UblJson; findings: Finding[] } {
  const { document, findings } = parseUbl(input, options);
  if (!document || findings.some((finding) => finding.flag === 'fatal')) return { findings };
  const json = treeToJson(document);
  return json ? { json, findings } : { findings };
}
