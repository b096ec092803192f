/**
 * Sigle of the Italian provinces and metropolitan cities (ISTAT / motor-vehicle registry codes),
 * including the Sardinian ones abolished in 2016 (CI, OG, OT, VS) and reinstated in 2025 with
 * the same sigle, which addresses on older documents still carry.
 */
const PROVINCES: ReadonlySet<string> = new Set(
  (
    'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CI CL CN CO CR CS CT ' +
    'CZ EN FC FE FG FI FM FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO ' +
    'NU OG OR OT PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR ' +
    'SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VS VT VV'
  ).split(' '),
);

/** Whether `value` is the sigla of an Italian province (`RM`, `MI`…), upper case. */
export function isValidProvincia(value: string): boolean {
  return PROVINCES.has(value);
}
