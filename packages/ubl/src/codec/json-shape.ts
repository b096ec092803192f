/**
 * The JSON of a UBL document (src/codec/JSON.md, with an example per type): one key, the root's
 * local name, whose value is the root element's object. Keys are element local names; an
 * element whose maxOccurs is above 1 is always an array; a basic element is its text, or
 * `{ value, <attribute>: … }` with attributes. Keys starting with `$` keep what a faithful round
 * trip needs:
 * - `$ns`: the namespace declarations made on the element (prefix '' = default), in file order;
 * - `$attrs`: attributes of an aggregate element (`xsi:schemaLocation` …), by qualified name;
 * - `$xml`: the raw XML content of `ext:ExtensionContent` (signatures, other vocabularies);
 * - `$<prefix:Name>`: elements the UBL 2.1 schema does not allow there, as raw XML strings;
 * - `$text`: text written inside an aggregate element (never valid UBL).
 */
export type UblJson = Record<string, UblObject>;

export interface UblObject {
  [key: string]: UblValue | undefined;
}

export type UblValue = string | UblObject | UblValue[];
