/**
 * The layer a finding comes from, in the order they run: `xml` (the XML rules KSeF applies,
 * weryfikacja-faktury.md), `schema` (the official XSD), `ksef` (what KSeF checks beyond the XSD:
 * it refuses the invoice) and `advisory` (the field definitions of the XSD's annotations: KSeF
 * may accept the invoice, the console warns).
 */
export type KsefLayer = 'xml' | 'schema' | 'ksef' | 'advisory';

/** One problem found in a KSeF invoice. */
export interface KsefFinding {
  layer: KsefLayer;
  /** A stable code of ours (e.g. `ksef-nip-checksum`). */
  code: string;
  /** English message. */
  message: string;
  /** Polish message. */
  messagePl: string;
  /**
   * JSON path of the offending field in the JSON shape (`Faktura.Fa.FaWiersz[1].P_11`, array
   * indexes from 0); empty for problems of the whole file.
   */
  path: string;
}

export function makeFinding(
  layer: KsefLayer,
  code: string,
  path: string,
  message: string,
  messagePl: string,
): KsefFinding {
  return { layer, code, message, messagePl, path };
}

/** Layers that make KSeF refuse the invoice. */
export function refuses(finding: KsefFinding): boolean {
  return finding.layer !== 'advisory';
}
