/**
 * The JSON shape of a KSeF invoice: keyed by the Polish element names, one top key for the root
 * (`Faktura`). An element that may repeat (maxOccurs > 1 in the XSD) is always an array; text is
 * a string exactly as in the file; an element with attributes is `{ "<attr>": "…", "__value":
 * "<text>" }`. What the round trip needs besides (namespace declarations and the prefix of the
 * root, its foreign attributes such as xsi:schemaLocation) sits on the root under keys that
 * start with `$`: `$xmlns` (prefix → namespace, `""` for the default), `$prefix`, `$attributes`.
 */
export type KsefNode = string | KsefElement | KsefNode[];

export interface KsefElement {
  [name: string]: KsefNode;
}

export interface KsefJson {
  Faktura: KsefElement;
}

/** The key of the text of an element that has attributes. */
export const VALUE_KEY = '__value';
