import type { Finding } from '../../findings.ts';
import type {
  AnyInvoice,
  FatturaElettronica,
  FatturaElettronicaSemplificata,
  IdFiscale,
  Indirizzo,
  InvoiceFormat,
} from '../../model/index.ts';
import { FIELD_RULES, type FieldKind } from './field-messages.ts';
import { eachObject } from '../../calc/json-guards.ts';

/**
 * IdPaese of a VAT id also takes `OO` (seller without a VAT number, TD17/TD19) and `EL` (the
 * VAT prefix of Greece, which some issuers write instead of GR).
 */
const VAT_ONLY_COUNTRIES = new Set(['OO', 'EL']);

class FieldCollector {
  readonly findings: Finding[] = [];
  constructor(readonly format: InvoiceFormat) {}

  check(kind: FieldKind, value: string | undefined, path: string): void {
    // Non-strings are the schema layer's business.
    if (typeof value !== 'string' || value === '') return;
    const rule = FIELD_RULES[kind];
    if (rule.isValid(value, this.format)) return;
    this.findings.push({
      layer: 'field',
      code: rule.code,
      propertyPath: path,
      message: rule.en,
      messageIt: rule.it,
      messages: { it: rule.it, en: rule.en, pl: rule.pl },
    });
  }

  /** A VAT id: known country; for IT, a Partita IVA (or a codice fiscale for the transmitter). */
  idFiscale(id: IdFiscale | undefined, path: string, codeKind: FieldKind = 'partitaIva'): void {
    if (!id) return;
    if (!VAT_ONLY_COUNTRIES.has(id.id_paese))
      this.check('nazione', id.id_paese, `${path}.id_paese`);
    if (id.id_paese === 'IT') this.check(codeKind, id.id_codice, `${path}.id_codice`);
  }

  /** An address: nazione always; cap and provincia only make sense for Italian addresses. */
  address(address: Indirizzo | undefined, path: string): void {
    if (!address) return;
    this.check('nazione', address.nazione, `${path}.nazione`);
    if (address.nazione !== 'IT') return;
    this.check('cap', address.cap, `${path}.cap`);
    this.check('provincia', address.provincia, `${path}.provincia`);
  }
}

function checkOrdinary(invoice: FatturaElettronica, fields: FieldCollector): void {
  const header = invoice.fattura_elettronica_header;
  const h = 'fattura_elettronica_header';
  const transmission = header?.dati_trasmissione;
  // The transmitter is identified by its codice fiscale, which may be 16 characters or 11 digits.
  fields.idFiscale(
    transmission?.id_trasmittente,
    `${h}.dati_trasmissione.id_trasmittente`,
    'codiceFiscale',
  );
  fields.check(
    'codiceDestinatario',
    transmission?.codice_destinatario,
    `${h}.dati_trasmissione.codice_destinatario`,
  );

  const seller = header?.cedente_prestatore;
  const s = `${h}.cedente_prestatore`;
  fields.idFiscale(seller?.dati_anagrafici?.id_fiscale_iva, `${s}.dati_anagrafici.id_fiscale_iva`);
  fields.check(
    'codiceFiscale',
    seller?.dati_anagrafici?.codice_fiscale,
    `${s}.dati_anagrafici.codice_fiscale`,
  );
  fields.address(seller?.sede, `${s}.sede`);
  fields.address(seller?.stabile_organizzazione, `${s}.stabile_organizzazione`);

  const representative = header?.rappresentante_fiscale?.dati_anagrafici;
  const r = `${h}.rappresentante_fiscale.dati_anagrafici`;
  fields.idFiscale(representative?.id_fiscale_iva, `${r}.id_fiscale_iva`);
  fields.check('codiceFiscale', representative?.codice_fiscale, `${r}.codice_fiscale`);

  const buyer = header?.cessionario_committente;
  const b = `${h}.cessionario_committente`;
  fields.idFiscale(buyer?.dati_anagrafici?.id_fiscale_iva, `${b}.dati_anagrafici.id_fiscale_iva`);
  fields.check(
    'codiceFiscale',
    buyer?.dati_anagrafici?.codice_fiscale,
    `${b}.dati_anagrafici.codice_fiscale`,
  );
  fields.address(buyer?.sede, `${b}.sede`);
  fields.address(buyer?.stabile_organizzazione, `${b}.stabile_organizzazione`);
  fields.idFiscale(
    buyer?.rappresentante_fiscale?.id_fiscale_iva,
    `${b}.rappresentante_fiscale.id_fiscale_iva`,
  );

  const third = header?.terzo_intermediario_o_soggetto_emittente?.dati_anagrafici;
  const t = `${h}.terzo_intermediario_o_soggetto_emittente.dati_anagrafici`;
  fields.idFiscale(third?.id_fiscale_iva, `${t}.id_fiscale_iva`);
  fields.check('codiceFiscale', third?.codice_fiscale, `${t}.codice_fiscale`);

  eachObject(invoice.fattura_elettronica_body, (body, i) => {
    const p = `fattura_elettronica_body[${i}]`;
    const transport = body.dati_generali?.dati_trasporto;
    const carrier = transport?.dati_anagrafici_vettore;
    const c = `${p}.dati_generali.dati_trasporto.dati_anagrafici_vettore`;
    fields.idFiscale(carrier?.id_fiscale_iva, `${c}.id_fiscale_iva`);
    fields.check('codiceFiscale', carrier?.codice_fiscale, `${c}.codice_fiscale`);
    fields.address(transport?.indirizzo_resa, `${p}.dati_generali.dati_trasporto.indirizzo_resa`);
    eachObject(body.dati_pagamento, (payment, j) => {
      eachObject(payment.dettaglio_pagamento, (detail, k) => {
        const d = `${p}.dati_pagamento[${j}].dettaglio_pagamento[${k}]`;
        fields.check('iban', detail.iban, `${d}.iban`);
        fields.check('codiceFiscale', detail.cf_quietanzante, `${d}.cf_quietanzante`);
      });
    });
  });
}

function checkSimplified(invoice: FatturaElettronicaSemplificata, fields: FieldCollector): void {
  const header = invoice.fattura_elettronica_header;
  const h = 'fattura_elettronica_header';
  const transmission = header?.dati_trasmissione;
  fields.idFiscale(
    transmission?.id_trasmittente,
    `${h}.dati_trasmissione.id_trasmittente`,
    'codiceFiscale',
  );
  fields.check(
    'codiceDestinatario',
    transmission?.codice_destinatario,
    `${h}.dati_trasmissione.codice_destinatario`,
  );
  const seller = header?.cedente_prestatore;
  const s = `${h}.cedente_prestatore`;
  fields.idFiscale(seller?.id_fiscale_iva, `${s}.id_fiscale_iva`);
  fields.check('codiceFiscale', seller?.codice_fiscale, `${s}.codice_fiscale`);
  fields.address(seller?.sede, `${s}.sede`);
  fields.address(seller?.stabile_organizzazione, `${s}.stabile_organizzazione`);
  fields.idFiscale(
    seller?.rappresentante_fiscale?.id_fiscale_iva,
    `${s}.rappresentante_fiscale.id_fiscale_iva`,
  );
  const buyer = header?.cessionario_committente;
  const b = `${h}.cessionario_committente`;
  const ids = buyer?.identificativi_fiscali;
  fields.idFiscale(ids?.id_fiscale_iva, `${b}.identificativi_fiscali.id_fiscale_iva`);
  fields.check('codiceFiscale', ids?.codice_fiscale, `${b}.identificativi_fiscali.codice_fiscale`);
  const other = buyer?.altri_dati_identificativi;
  fields.address(other?.sede, `${b}.altri_dati_identificativi.sede`);
  fields.address(
    other?.stabile_organizzazione,
    `${b}.altri_dati_identificativi.stabile_organizzazione`,
  );
}

/**
 * Runs the field checks (layer 'field') over a whole invoice: Partita IVA and codice fiscale
 * check digits, codice destinatario length for the format, CAP and provincia of Italian
 * addresses, country codes, IBANs. Each finding points at its field's JSON path.
 */
export function runFieldChecks(invoice: AnyInvoice, format: InvoiceFormat): Finding[] {
  const fields = new FieldCollector(format);
  if (invoice === null || typeof invoice !== 'object') return fields.findings;
  if (format === 'FSM10') checkSimplified(invoice as FatturaElettronicaSemplificata, fields);
  else checkOrdinary(invoice as FatturaElettronica, fields);
  return fields.findings;
}
