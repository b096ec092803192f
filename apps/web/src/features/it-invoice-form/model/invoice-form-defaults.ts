import type { FieldValues } from 'react-hook-form';
import { creditNoteDocumentType } from './code-lists';
import type {
  InvoiceFormMode,
  InvoiceFormVariant,
  InvoicePayload,
  SupplierProfile,
} from './invoice-form-types';

/**
 * Today as an invoice date: the calendar day in Italy (Europe/Rome), where SDI dates invoices,
 * whatever the browser's zone (spec 9 "date today").
 */
export function todayInItaly(now: Date = new Date()): string {
  // en-CA writes ISO-like YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function emptyAddress() {
  return { indirizzo: '', numero_civico: '', cap: '', comune: '', provincia: '', nazione: 'IT' };
}

export function newLine(numeroLinea: number) {
  return {
    numero_linea: String(numeroLinea),
    descrizione: '',
    quantita: '1.00',
    unita_misura: '',
    prezzo_unitario: '',
    prezzo_totale: '',
    aliquota_iva: '22.00',
    natura: '',
  };
}

/** A payment block added by the user: instalments by cash (spec 9). */
export function newPayment() {
  return { condizioni_pagamento: 'TP01', dettaglio_pagamento: [newPaymentDetail('MP01')] };
}

export function newPaymentDetail(modalita: string) {
  return { modalita_pagamento: modalita, importo_pagamento: '', iban: '', beneficiario: '' };
}

export function newSimplifiedEntry() {
  return { descrizione: '', importo: '', dati_iva: { imposta: '', aliquota: '22.00' }, natura: '' };
}

const upper = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();

/**
 * The VAT code without the country prefix the profile may carry (`IT01234567890`): FatturaPA
 * keeps the country in IdPaese.
 */
function vatCodeOf(profile: SupplierProfile): string {
  const vat = upper(profile.invoicing_vat_number);
  const country = upper(profile.invoicing_country) || 'IT';
  return vat.startsWith(country) && vat.length > country.length ? vat.slice(country.length) : vat;
}

/** Supplier fields from the account's invoicing profile; address parts upper-cased (spec 3). */
function supplierFromProfile(profile: SupplierProfile | undefined) {
  const country = upper(profile?.invoicing_country) || 'IT';
  return {
    idFiscale: { id_paese: country, id_codice: profile ? vatCodeOf(profile) : '' },
    codiceFiscale: upper(profile?.invoicing_fiscal_id),
    denominazione: (profile?.invoicing_name ?? '').trim(),
    sede: {
      ...emptyAddress(),
      indirizzo: upper(profile?.invoicing_address),
      cap: upper(profile?.invoicing_cap),
      comune: upper(profile?.invoicing_city),
      provincia: upper(profile?.invoicing_province),
      nazione: country,
    },
  };
}

function emptyCustomerParty() {
  return {
    id_fiscale_iva: { id_paese: 'IT', id_codice: '' },
    codice_fiscale: '',
    anagrafica: { denominazione: '', nome: '', cognome: '' },
  };
}

/**
 * A fresh ProgressivoInvio (schema: required, at most 10 of [A-Za-z0-9]): the current time in
 * base 36, which no earlier file of this sender can have used. The user can still overwrite it.
 */
export function newProgressivoInvio(now = Date.now()): string {
  return now.toString(36).toUpperCase().slice(-10);
}

/** A new standard invoice: TD01, today, EUR, one line, full payment by postal slip (spec 9). */
export function newStandardInvoiceValues(profile?: SupplierProfile, today = todayInItaly()) {
  const supplier = supplierFromProfile(profile);
  return {
    fattura_elettronica_header: {
      dati_trasmissione: {
        id_trasmittente: { ...supplier.idFiscale },
        progressivo_invio: newProgressivoInvio(),
        formato_trasmissione: 'FPR12',
        codice_destinatario: '',
        pec_destinatario: '',
      },
      cedente_prestatore: {
        dati_anagrafici: {
          id_fiscale_iva: supplier.idFiscale,
          codice_fiscale: supplier.codiceFiscale,
          anagrafica: { denominazione: supplier.denominazione, nome: '', cognome: '' },
          regime_fiscale: 'RF01',
        },
        sede: supplier.sede,
      },
      cessionario_committente: { dati_anagrafici: emptyCustomerParty(), sede: emptyAddress() },
    },
    fattura_elettronica_body: [
      {
        dati_generali: {
          dati_generali_documento: {
            tipo_documento: 'TD01',
            divisa: 'EUR',
            data: today,
            numero: '',
            causale: [],
            importo_totale_documento: '',
          },
        },
        dati_beni_servizi: { dettaglio_linee: [newLine(1)], dati_riepilogo: [] },
        dati_pagamento: [
          { condizioni_pagamento: 'TP02', dettaglio_pagamento: [newPaymentDetail('MP18')] },
        ],
      },
    ],
  };
}

/** A new simplified invoice: FSM10, TD07, today, EUR, one goods/services entry. */
export function newSimplifiedInvoiceValues(profile?: SupplierProfile, today = todayInItaly()) {
  const supplier = supplierFromProfile(profile);
  return {
    fattura_elettronica_header: {
      dati_trasmissione: {
        id_trasmittente: { ...supplier.idFiscale },
        progressivo_invio: newProgressivoInvio(),
        formato_trasmissione: 'FSM10',
        codice_destinatario: '',
        pec_destinatario: '',
      },
      cedente_prestatore: {
        id_fiscale_iva: supplier.idFiscale,
        codice_fiscale: supplier.codiceFiscale,
        denominazione: supplier.denominazione,
        nome: '',
        cognome: '',
        sede: supplier.sede,
        regime_fiscale: 'RF01',
      },
      cessionario_committente: {
        identificativi_fiscali: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: '' },
          codice_fiscale: '',
        },
        altri_dati_identificativi: {
          denominazione: '',
          nome: '',
          cognome: '',
          sede: emptyAddress(),
        },
      },
    },
    fattura_elettronica_body: [
      {
        dati_generali: {
          dati_generali_documento: {
            tipo_documento: 'TD07',
            divisa: 'EUR',
            data: today,
            numero: '',
          },
        },
        dati_beni_servizi: [newSimplifiedEntry()],
      },
    ],
  };
}

/** Writes `value` at a dotted path of a plain object tree, creating what is missing. */
function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = value;
}

export const documentTypePath =
  'fattura_elettronica_body.0.dati_generali.dati_generali_documento.tipo_documento';

/**
 * The form's starting values: a copy of the given invoice, or a new one prefilled from the
 * supplier profile; in credit-note mode the document type is forced to TD04/TD08.
 */
export function initialFormValues(
  variant: InvoiceFormVariant,
  mode: InvoiceFormMode,
  initialValue: InvoicePayload | undefined,
  supplierProfile: SupplierProfile | undefined,
): FieldValues {
  const values: FieldValues = initialValue
    ? (structuredClone(initialValue) as FieldValues)
    : variant === 'standard'
      ? newStandardInvoiceValues(supplierProfile)
      : newSimplifiedInvoiceValues(supplierProfile);
  if (mode === 'credit-note') {
    setPath(values, documentTypePath.split('.'), creditNoteDocumentType[variant]);
    referenceCreditedInvoice(values, variant);
  }
  return values;
}

/**
 * A credit note is a document of its own (issue 20): its number is left for the user to give and
 * its date is today, while each body references the invoice it credits, by number and date
 * (standard: DatiFattureCollegate, first; simplified: DatiFatturaRettificata).
 */
function referenceCreditedInvoice(values: FieldValues, variant: InvoiceFormVariant) {
  const bodies = values.fattura_elettronica_body as unknown;
  if (!Array.isArray(bodies)) return;
  for (const body of bodies as Record<string, unknown>[]) {
    const general = body.dati_generali as Record<string, unknown> | undefined;
    const document = general?.dati_generali_documento as Record<string, unknown> | undefined;
    if (!general || !document) continue;
    const number = typeof document.numero === 'string' ? document.numero : '';
    const date = typeof document.data === 'string' ? document.data : '';
    document.numero = '';
    document.data = todayInItaly();
    if (variant === 'standard') {
      const linked = Array.isArray(general.dati_fatture_collegate)
        ? (general.dati_fatture_collegate as unknown[])
        : [];
      general.dati_fatture_collegate = [{ id_documento: number, data: date }, ...linked];
    } else {
      const previous = general.dati_fattura_rettificata as Record<string, unknown> | undefined;
      general.dati_fattura_rettificata = {
        elementi_rettificati: '',
        ...previous,
        numero_fr: number,
        data_fr: date,
      };
    }
  }
}
