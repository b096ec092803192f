import { isValidCodiceFiscale, isValidPartitaIva } from '@fiscus/fatturapa/fields';
import {
  DEMO_BRANCH_COMPANY,
  DEMO_CUSTOMERS,
  DEMO_HELD_CUSTOMER,
  DEMO_OWN_COMPANY,
  DEMO_PUBLIC_OFFICES,
  DEMO_SUPPLIERS,
} from './demo-parties.ts';

/** A subject known to the (sandbox) Anagrafe Tributaria. */
export interface TaxpayerEntry {
  /** IdPaese; Italian identifiers are 'IT'. */
  country: string;
  /** Partita IVA (11 digits) or codice fiscale (16 characters or 11 digits). */
  code: string;
  name: string;
}

/**
 * The parties of the official AdE samples (samples/official/v1.2.2: the transmitter and supplier
 * IT01234567890 and the buyer 09876543210, named AMMINISTRAZIONE BETA, DITTA BETA or BETA GAMMA
 * depending on the sample) and the sandbox's demo public administration. Their numbers have
 * wrong check digits, so without this registry SDI's checks would reject the official samples.
 * Then the demo's businesses (demo-parties.ts), whose numbers are valid.
 */
export const SEED_TAXPAYERS: readonly TaxpayerEntry[] = [
  { country: 'IT', code: '01234567890', name: 'ALPHA SRL' },
  { country: 'IT', code: '09876543210', name: 'BETA' },
  { country: 'IT', code: '80012345676', name: 'COMUNE DI PROVA' },
  ...[
    DEMO_OWN_COMPANY,
    DEMO_BRANCH_COMPANY,
    ...DEMO_CUSTOMERS,
    DEMO_HELD_CUSTOMER,
    ...DEMO_SUPPLIERS,
  ].map((company) => ({
    country: 'IT',
    code: company.vat,
    name: company.name,
  })),
  ...DEMO_PUBLIC_OFFICES.map((office) => ({
    country: 'IT',
    code: office.fiscalCode,
    name: office.name,
  })),
];

export interface TaxpayerRegistry {
  /** The registered subject, if any. */
  find(country: string, code: string): TaxpayerEntry | undefined;
  /**
   * SDI's 00300-00306 question. Foreign identifiers are not checked by SDI; an Italian one
   * passes when registered here or, since the sandbox cannot know every real taxpayer, when its
   * check digits are valid.
   */
  exists(country: string, code: string): boolean;
}

const key = (country: string, code: string): string =>
  `${country.trim().toUpperCase()}:${code.trim().toUpperCase()}`;

/** Seed data plus `extra` entries (the instance's business registry configurations). */
export function createTaxpayerRegistry(extra: Iterable<TaxpayerEntry> = []): TaxpayerRegistry {
  const entries = new Map<string, TaxpayerEntry>();
  for (const entry of [...SEED_TAXPAYERS, ...extra])
    entries.set(key(entry.country, entry.code), entry);
  return {
    find: (country, code) => entries.get(key(country, code)),
    exists(country, code) {
      if (country.trim().toUpperCase() !== 'IT') return true;
      if (entries.has(key(country, code))) return true;
      const value = code.trim().toUpperCase();
      return isValidPartitaIva(value) || isValidCodiceFiscale(value);
    },
  };
}
