import type { FatturaElettronica, IdFiscale } from '../../model/index.ts';
import { parseScaled } from '../../calc/fixed-decimal.ts';
import type { SdiReport } from './messages.ts';
import { eachObject } from '../../calc/json-guards.ts';

/**
 * TipoDocumento rules (AdE table, 2.1.1.1 "Controlli extra schema"; TD29 from schema 1.2.3 /
 * specifiche tecniche 1.9: the buyer's report of an Italian seller's missing invoice).
 */
const SELLER_NOT_BUYER = new Set([
  'TD01',
  'TD02',
  'TD03',
  'TD06',
  'TD16',
  'TD17',
  'TD18',
  'TD19',
  'TD20',
  'TD24',
  'TD25',
  'TD28',
  'TD29',
]);
const SELLER_IS_BUYER = new Set(['TD21', 'TD27']);
/** Purchases from abroad: the seller is foreign (TD28: from San Marino). */
const FOREIGN_SELLER = new Set(['TD17', 'TD18', 'TD19', 'TD28']);
const BUYER_VAT_REQUIRED = new Set([
  'TD16',
  'TD17',
  'TD18',
  'TD19',
  'TD20',
  'TD22',
  'TD23',
  'TD28',
  'TD29',
]);

function sameVat(a: IdFiscale | undefined, b: IdFiscale | undefined): boolean {
  return !!a && !!b && a.id_paese === b.id_paese && a.id_codice === b.id_codice;
}

/** Whether seller and buyer are the same subject, by VAT id or codice fiscale. */
export function isSameSubject(
  seller: { vat?: IdFiscale; cf?: string },
  buyer: { vat?: IdFiscale; cf?: string },
): boolean {
  if (sameVat(seller.vat, buyer.vat)) return true;
  if (seller.cf !== undefined && seller.cf === buyer.cf) return true;
  // A company's numeric codice fiscale usually equals its Partita IVA.
  return seller.vat?.id_paese === 'IT' && seller.vat.id_codice === buyer.cf;
}

/** 00471-00476 for every body of an ordinary invoice. */
export function checkDocumentTypes(invoice: FatturaElettronica, report: SdiReport): void {
  const header = invoice.fattura_elettronica_header;
  const sellerData = header?.cedente_prestatore?.dati_anagrafici;
  const buyerData = header?.cessionario_committente?.dati_anagrafici;
  const seller = { vat: sellerData?.id_fiscale_iva, cf: sellerData?.codice_fiscale };
  const buyer = { vat: buyerData?.id_fiscale_iva, cf: buyerData?.codice_fiscale };
  const sellerCountry = seller.vat?.id_paese;
  const sellerCountryPath =
    'fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_paese';

  // 00476 does not depend on the document type: a foreign seller must invoice an Italian buyer.
  if (
    sellerCountry !== undefined &&
    sellerCountry !== 'IT' &&
    !!buyer.vat &&
    buyer.vat.id_paese !== 'IT'
  ) {
    report.add('00476', sellerCountryPath);
  }

  eachObject(invoice.fattura_elettronica_body, (body, i) => {
    const type = body.dati_generali?.dati_generali_documento?.tipo_documento;
    if (type === undefined) return;
    const typePath = `fattura_elettronica_body[${i}].dati_generali.dati_generali_documento.tipo_documento`;
    const same = isSameSubject(seller, buyer);
    if (SELLER_NOT_BUYER.has(type) && same) report.add('00471', typePath);
    if (SELLER_IS_BUYER.has(type) && !same) report.add('00472', typePath);

    if (sellerCountry !== undefined) {
      const foreignOk = FOREIGN_SELLER.has(type)
        ? sellerCountry !== 'IT' && (type !== 'TD28' || sellerCountry === 'SM')
        : true;
      // IdPaese OO (no VAT number abroad) only fits a purchase of services/goods from abroad.
      const placeholderOk = sellerCountry !== 'OO' || type === 'TD17' || type === 'TD19';
      const td29Ok = type !== 'TD29' || sellerCountry === 'IT';
      if (!foreignOk || !placeholderOk || !td29Ok) report.add('00473', sellerCountryPath);
    }

    if (type === 'TD21') {
      eachObject(body.dati_beni_servizi?.dettaglio_linee, (line, j) => {
        if (parseScaled(line.aliquota_iva, 2) === 0n) {
          report.add(
            '00474',
            `fattura_elettronica_body[${i}].dati_beni_servizi.dettaglio_linee[${j}].aliquota_iva`,
          );
        }
      });
    }
    if (BUYER_VAT_REQUIRED.has(type) && !buyer.vat) report.add('00475', typePath);
  });
}
