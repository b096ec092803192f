/**
 * The FatturaPA code lists the form offers (spec 3 "Code lists"), as the official schemas
 * (Schema_VFPA12_V1.2.3.xsd, Schema_VFSM10.xsd) enumerate them. Labels live in `codeLists.json`
 * under the same keys.
 */

export const standardDocumentTypes = [
  'TD01',
  'TD02',
  'TD03',
  'TD04',
  'TD05',
  'TD06',
  'TD16',
  'TD17',
  'TD18',
  'TD19',
  'TD20',
  'TD21',
  'TD22',
  'TD23',
  'TD24',
  'TD25',
  'TD26',
  'TD27',
  'TD28',
  'TD29',
] as const;

export const simplifiedDocumentTypes = ['TD07', 'TD08', 'TD09'] as const;

/** The document type a credit note is forced to, per layout (spec 4 "Credit note mode"). */
export const creditNoteDocumentType = { standard: 'TD04', simplified: 'TD08' } as const;

/**
 * FPA12 still lists the bare N2, N3 and N6 (SDI refuses them since 2021, but old invoices being
 * fixed may carry them, so the select must be able to show them).
 */
export const standardNature = [
  'N1',
  'N2',
  'N2.1',
  'N2.2',
  'N3',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;

/** FSM10 knows only the five top-level codes. */
export const simplifiedNature = ['N1', 'N2', 'N3', 'N4', 'N5'] as const;

export const fiscalRegimes = [
  'RF01',
  'RF02',
  'RF04',
  'RF05',
  'RF06',
  'RF07',
  'RF08',
  'RF09',
  'RF10',
  'RF11',
  'RF12',
  'RF13',
  'RF14',
  'RF15',
  'RF16',
  'RF17',
  'RF18',
  'RF19',
  'RF20',
] as const;

export const paymentMethods = Array.from(
  { length: 23 },
  (_, index) => `MP${String(index + 1).padStart(2, '0')}`,
);

export const paymentTerms = ['TP01', 'TP02', 'TP03'] as const;

export const vatChargeability = ['D', 'I', 'S'] as const;

export const transmissionFormats = { standard: ['FPR12', 'FPA12'], simplified: ['FSM10'] } as const;

export const currencies = [
  'EUR',
  'USD',
  'JPY',
  'GBP',
  'AUD',
  'CAD',
  'CHF',
  'CNY',
  'SEK',
  'NZD',
  'MXN',
  'SGD',
  'HKD',
  'NOK',
  'KRW',
  'TRY',
  'RUB',
  'INR',
  'BRL',
  'ZAR',
] as const;

export const discountTypes = ['SC', 'MG'] as const;

/** A line that is only a discount, bonus, allowance or ancillary cost (2.2.1.2). */
export const supplyTypes = ['SC', 'PR', 'AB', 'AC'] as const;

export const withholdingTypes = ['RT01', 'RT02', 'RT03', 'RT04', 'RT05', 'RT06'] as const;

export const pensionFundTypes = Array.from(
  { length: 22 },
  (_, index) => `TC${String(index + 1).padStart(2, '0')}`,
);

/** Only one value exists: the stamp duty is paid virtually ("yes" is SI, spec 9). */
export const stampDutyFlags = ['SI'] as const;

/** The code-list namespace key of each select, so labels come from `codeLists.json`. */
export type CodeListName =
  | 'tipo_documento'
  | 'natura'
  | 'regime_fiscale'
  | 'modalita_pagamento'
  | 'condizioni_pagamento'
  | 'esigibilita_iva'
  | 'formato_trasmissione'
  | 'divisa'
  | 'tipo'
  | 'tipo_ritenuta'
  | 'tipo_cassa'
  | 'tipo_cessione_prestazione'
  | 'bollo_virtuale';
