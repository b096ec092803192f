import type { FatturaElettronica, IdFiscale } from '../../model/index.ts';
import { isValidCodiceFiscale } from '../field/codice-fiscale.ts';
import { isValidPartitaIva } from '../field/partita-iva.ts';
import type { SdiCode, SdiReport } from './messages.ts';
import type { SdiCheckOptions } from './sdi-state.ts';
import { eachObject } from '../../calc/json-guards.ts';

const HEADER = 'fattura_elettronica_header';

/** How identifiers are judged: SDI's registry when given, otherwise their check digits. */
export class IdentifierJudge {
  private readonly digits: boolean;
  constructor(private readonly options: SdiCheckOptions) {
    this.digits = options.checkIdentifierDigits ?? true;
  }

  /** Whether an Italian VAT number / codice fiscale would pass SDI's registry check. */
  isKnown(code: string, kind: 'vat' | 'cf'): boolean {
    if (typeof code !== 'string') return false;
    const registry = this.options.state?.taxpayerExists;
    if (registry) return registry('IT', code);
    if (!this.digits) return true;
    return kind === 'vat' ? isValidPartitaIva(code) : isValidCodiceFiscale(code);
  }

  /** Reports `code` when an Italian VAT id is not registered. */
  vat(id: IdFiscale | undefined, code: SdiCode, path: string, report: SdiReport): void {
    if (id?.id_paese !== 'IT' || id.id_codice === undefined) return;
    // The transmitter is identified by its codice fiscale, which may be 16 characters.
    const kind = code === '00300' ? 'cf' : 'vat';
    if (!this.isKnown(id.id_codice, kind)) report.add(code, `${path}.id_codice`);
  }

  /** Reports `code` when a codice fiscale is not registered. */
  cf(value: string | undefined, code: SdiCode, path: string, report: SdiReport): void {
    if (value === undefined || value === '') return;
    if (!this.isKnown(value, 'cf')) report.add(code, path);
  }
}

/** Adds `years` to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  return `${String(year).padStart(4, '0')}${date.slice(4)}`;
}

/**
 * 00320-00326: consistency of IdFiscaleIVA and CodiceFiscale of a party, and VAT groups (whose
 * members must give their own codice fiscale). Registry-only: applied when the state says.
 */
function checkPartyConsistency(
  vat: IdFiscale | undefined,
  cf: string | undefined,
  codes: { inconsistent: SdiCode; notMember: SdiCode; missing: SdiCode },
  path: string,
  options: SdiCheckOptions,
  report: SdiReport,
): void {
  const state = options.state;
  if (state === undefined || vat?.id_paese !== 'IT') return;
  const members = state.vatGroupMembers?.(vat.id_codice);
  if (members !== undefined) {
    if (cf === undefined) report.add(codes.missing, `${path}.codice_fiscale`);
    else if (!members.includes(cf)) report.add(codes.notMember, `${path}.codice_fiscale`);
    return;
  }
  if (cf !== undefined && state.areIdentifiersConsistent?.(vat.id_codice, cf) === false) {
    report.add(codes.inconsistent, `${path}.codice_fiscale`);
  }
}

/**
 * The identifier checks of an ordinary invoice: 00300-00306 (identifiers known to Anagrafe
 * Tributaria, or with valid check digits), 00320-00326 (consistency and VAT groups), 00323
 * (VAT number ceased), 00417 (buyer without any identifier).
 */
export function checkIdentifiers(
  invoice: FatturaElettronica,
  options: SdiCheckOptions,
  report: SdiReport,
): void {
  const header = invoice.fattura_elettronica_header;
  if (!header) return;
  const judge = new IdentifierJudge(options);

  judge.vat(
    header.dati_trasmissione?.id_trasmittente,
    '00300',
    `${HEADER}.dati_trasmissione.id_trasmittente`,
    report,
  );

  const seller = header.cedente_prestatore?.dati_anagrafici;
  const sellerPath = `${HEADER}.cedente_prestatore.dati_anagrafici`;
  judge.vat(seller?.id_fiscale_iva, '00301', `${sellerPath}.id_fiscale_iva`, report);
  judge.cf(seller?.codice_fiscale, '00302', `${sellerPath}.codice_fiscale`, report);
  checkPartyConsistency(
    seller?.id_fiscale_iva,
    seller?.codice_fiscale,
    { inconsistent: '00320', notMember: '00321', missing: '00322' },
    sellerPath,
    options,
    report,
  );
  const sellerVat = seller?.id_fiscale_iva;
  if (sellerVat?.id_paese === 'IT' && options.state?.vatCeasedOn) {
    const ceased = options.state.vatCeasedOn(sellerVat.id_codice);
    if (ceased !== undefined) {
      eachObject(invoice.fattura_elettronica_body, (body) => {
        const document = body.dati_generali?.dati_generali_documento;
        if (!document) return;
        const path = `${sellerPath}.id_fiscale_iva.id_codice`;
        // TD16/TD20 (integration and self-invoices by the buyer) may name a supplier whose VAT
        // number ceased, but not more than 5 years before the document; other documents need
        // a VAT number still active at their date (AdE table, 1.2.1.1.2).
        if (document.tipo_documento === 'TD16' || document.tipo_documento === 'TD20') {
          if (addYears(ceased, 5) < document.data) report.add('00323', path);
        } else if (ceased < document.data) {
          report.add('00301', path);
        }
      });
    }
  }

  const representative = header.rappresentante_fiscale?.dati_anagrafici;
  const representativePath = `${HEADER}.rappresentante_fiscale.dati_anagrafici`;
  judge.vat(
    representative?.id_fiscale_iva,
    '00303',
    `${representativePath}.id_fiscale_iva`,
    report,
  );
  judge.cf(representative?.codice_fiscale, '00304', `${representativePath}.codice_fiscale`, report);
  judge.vat(
    header.terzo_intermediario_o_soggetto_emittente?.dati_anagrafici?.id_fiscale_iva,
    '00303',
    `${HEADER}.terzo_intermediario_o_soggetto_emittente.dati_anagrafici.id_fiscale_iva`,
    report,
  );

  const buyer = header.cessionario_committente?.dati_anagrafici;
  const buyerPath = `${HEADER}.cessionario_committente.dati_anagrafici`;
  if (buyer) {
    if (!buyer.id_fiscale_iva && !buyer.codice_fiscale) {
      report.add('00417', `${buyerPath}.id_fiscale_iva`);
    }
    judge.vat(buyer.id_fiscale_iva, '00305', `${buyerPath}.id_fiscale_iva`, report);
    // A codice fiscale is Italian by definition; a foreign buyer identifies by IdFiscaleIVA.
    if (!buyer.id_fiscale_iva || buyer.id_fiscale_iva.id_paese === 'IT') {
      judge.cf(buyer.codice_fiscale, '00306', `${buyerPath}.codice_fiscale`, report);
    }
    checkPartyConsistency(
      buyer.id_fiscale_iva,
      buyer.codice_fiscale,
      { inconsistent: '00324', notMember: '00325', missing: '00326' },
      buyerPath,
      options,
      report,
    );
  }
}
