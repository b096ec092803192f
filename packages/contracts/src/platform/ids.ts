/**
 * The service and platform ids, apart from the schemas: the console's entry reads them before
 * anything else, and importing them (`@fiscus/contracts/ids`) must not bring zod into the first
 * load of the login page.
 */
/** Service ids of ARCHITECTURE's service table, each mapped to its base URL. */
export const serviceIds = [
  'common',
  'it',
  'preservation',
  'transfer',
  'peppol',
  'pl',
  'ob',
] as const;
export type ServiceId = (typeof serviceIds)[number];

/** Context/platform ids whose token roles key is configurable (`platformKeys`). */
export const platformIds = [
  'it',
  'peppol',
  'peppol_be',
  'pl',
  'ob',
  'common',
  'preservation',
  'stripe',
  'transfer',
] as const;
export type PlatformId = (typeof platformIds)[number];
