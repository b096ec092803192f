import { DEMO_PUBLIC_OFFICES } from './demo-parties.ts';

/** An office of a public administration in IPA (Indice delle Pubbliche Amministrazioni). */
export interface IpaOffice {
  /** Codice Univoco Ufficio: 6 characters, the CodiceDestinatario of FPA12 invoices. */
  code: string;
  description: string;
  status: 'active' | 'inactive';
  /** Codice fiscale of the administration, when this registry binds the office to one. */
  administrationFiscalCode?: string;
  /**
   * The administration's "central" office (Uff_eFatturaPA): usable only when SDI cannot tell
   * which real office the invoice is for, otherwise 00398.
   */
  central: boolean;
  /** false: the office's channel does not answer, so SDI sends MC and, after the terms, AT. */
  reachable?: boolean;
}

/** A public administration: invoices to it must be FPA12 (FPR12 gets 00399). */
export interface IpaAdministration {
  fiscalCode: string;
  name: string;
}

/** The central office code SDI knows for administrations without a specific office. */
export const CENTRAL_OFFICE_CODE = '999999';

/**
 * AAAAAA is the office of the official FPA samples (named as in the AT sample), AAA111 the one
 * of the official notification samples. Neither is bound to the samples' buyer 09876543210:
 * the same buyer receives the FPR samples as a company, and binding it to IPA would turn those
 * into 00399 rejections. COMUNE DI PROVA is the sandbox's administration for 00399 and 00398.
 */
export const SEED_IPA_OFFICES: readonly IpaOffice[] = [
  {
    code: 'AAAAAA',
    description: 'Pubblica Amministrazione di prova',
    status: 'active',
    central: false,
  },
  { code: 'AAA111', description: 'Amministrazione di prova', status: 'active', central: false },
  {
    code: 'UFPROV',
    description: 'Comune di Prova - Ufficio Ragioneria',
    status: 'active',
    administrationFiscalCode: '80012345676',
    central: false,
  },
  {
    code: CENTRAL_OFFICE_CODE,
    description: 'Uff_eFatturaPA - Ufficio centrale',
    status: 'active',
    administrationFiscalCode: '80012345676',
    central: true,
  },
  {
    code: 'UNRPA1',
    description: 'Ufficio di prova non raggiungibile',
    status: 'active',
    central: false,
    reachable: false,
  },
  {
    code: 'OLDPA1',
    description: 'Ufficio soppresso',
    status: 'inactive',
    administrationFiscalCode: '80012345676',
    central: false,
  },
  // The demo account's public customers (demo-parties.ts).
  ...DEMO_PUBLIC_OFFICES.map((office): IpaOffice => ({
    code: office.officeCode,
    description: `${office.name} - Ufficio fatturazione`,
    status: 'active',
    administrationFiscalCode: office.fiscalCode,
    central: false,
  })),
];

export const SEED_IPA_ADMINISTRATIONS: readonly IpaAdministration[] = [
  { fiscalCode: '80012345676', name: 'COMUNE DI PROVA' },
  ...DEMO_PUBLIC_OFFICES.map((office) => ({ fiscalCode: office.fiscalCode, name: office.name })),
];

export interface IpaRegistry {
  find(code: string): IpaOffice | undefined;
  /** SdiState.ipaOffice: 00311 unknown, 00312 inactive, 00398 central office. */
  officeStatus(code: string): 'active' | 'inactive' | 'unknown' | 'central-unresolved';
  /** SdiState.isPublicAdministration: the buyer is an administration in IPA (00399). */
  isPublicAdministration(buyer: {
    vatCountry?: string;
    vatCode?: string;
    codiceFiscale?: string;
  }): boolean;
  /** The offices of an administration, by its codice fiscale. */
  officesOf(fiscalCode: string): IpaOffice[];
}

/** Seed data plus `extra` offices and administrations. */
export function createIpaRegistry(
  extra: { offices?: Iterable<IpaOffice>; administrations?: Iterable<IpaAdministration> } = {},
): IpaRegistry {
  const offices = new Map<string, IpaOffice>();
  for (const office of [...SEED_IPA_OFFICES, ...(extra.offices ?? [])]) {
    offices.set(office.code.toUpperCase(), office);
  }
  const administrations = new Set<string>();
  for (const administration of [...SEED_IPA_ADMINISTRATIONS, ...(extra.administrations ?? [])]) {
    administrations.add(administration.fiscalCode.toUpperCase());
  }
  const find = (code: string): IpaOffice | undefined => offices.get(code.trim().toUpperCase());
  return {
    find,
    officeStatus(code) {
      const office = find(code);
      if (!office) return 'unknown';
      if (office.status === 'inactive') return 'inactive';
      // ipaOffice only sees the code, so SDI's "could the real office be identified" question
      // is answered for the central office as "no": it is refused with 00398.
      return office.central ? 'central-unresolved' : 'active';
    },
    isPublicAdministration(buyer) {
      const italianVat = buyer.vatCountry === undefined || buyer.vatCountry === 'IT';
      const candidates = [buyer.codiceFiscale, italianVat ? buyer.vatCode : undefined];
      return candidates.some(
        (code) => code !== undefined && administrations.has(code.toUpperCase()),
      );
    },
    officesOf(fiscalCode) {
      const wanted = fiscalCode.toUpperCase();
      return [...offices.values()].filter((office) => office.administrationFiscalCode === wanted);
    },
  };
}
