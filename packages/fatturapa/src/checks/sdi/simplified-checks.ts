import type { FatturaElettronicaSemplificata } from '../../model/index.ts';
import { parseScaled } from '../../calc/fixed-decimal.ts';
import { IdentifierJudge } from './identifier-checks.ts';
import type { SdiReport } from './messages.ts';
import type { SdiCheckOptions } from './sdi-state.ts';
import { eachObject } from '../../calc/json-guards.ts';

const HEADER = 'fattura_elettronica_header';
const HAS_DIGIT = /\d/;
const GENERIC_NATURA = new Set(['N2', 'N3', 'N6']);
/** 400.00 EUR at scale 2: the ceiling of a simplified invoice (art. 21-bis DPR 633/1972). */
const SIMPLIFIED_LIMIT = 40000n;

/**
 * The SDI checks that apply to a simplified invoice (FSM10): identifiers (00300, 00301, 00305,
 * 00306, 00417), foreign parties (00476), document data (00403, 00425, 00404), natura/rate of
 * each item (00400, 00401, 00424, 00445, with the ordinary invoice's codes) and the 400 EUR
 * ceiling of TD07. Transmission checks are shared with the ordinary invoice.
 */
export function checkSimplified(
  invoice: FatturaElettronicaSemplificata,
  options: SdiCheckOptions,
  receivedDay: string,
  report: SdiReport,
): void {
  const header = invoice.fattura_elettronica_header;
  const judge = new IdentifierJudge(options);
  judge.vat(
    header?.dati_trasmissione?.id_trasmittente,
    '00300',
    `${HEADER}.dati_trasmissione.id_trasmittente`,
    report,
  );
  const seller = header?.cedente_prestatore;
  judge.vat(seller?.id_fiscale_iva, '00301', `${HEADER}.cedente_prestatore.id_fiscale_iva`, report);
  judge.cf(seller?.codice_fiscale, '00302', `${HEADER}.cedente_prestatore.codice_fiscale`, report);
  const buyer = header?.cessionario_committente?.identificativi_fiscali;
  const buyerPath = `${HEADER}.cessionario_committente.identificativi_fiscali`;
  if (buyer) {
    if (!buyer.id_fiscale_iva && !buyer.codice_fiscale) {
      report.add('00417', `${buyerPath}.id_fiscale_iva`);
    }
    judge.vat(buyer.id_fiscale_iva, '00305', `${buyerPath}.id_fiscale_iva`, report);
    if (!buyer.id_fiscale_iva || buyer.id_fiscale_iva.id_paese === 'IT') {
      judge.cf(buyer.codice_fiscale, '00306', `${buyerPath}.codice_fiscale`, report);
    }
  }
  const sellerCountry = seller?.id_fiscale_iva?.id_paese;
  const buyerCountry = buyer?.id_fiscale_iva?.id_paese;
  if (sellerCountry && sellerCountry !== 'IT' && buyerCountry && buyerCountry !== 'IT') {
    report.add('00476', `${HEADER}.cedente_prestatore.id_fiscale_iva.id_paese`);
  }

  eachObject(invoice.fattura_elettronica_body, (body, i) => {
    const bodyPath = `fattura_elettronica_body[${i}]`;
    const document = body.dati_generali?.dati_generali_documento;
    if (!document) return;
    const documentPath = `${bodyPath}.dati_generali.dati_generali_documento`;
    if (document.data > receivedDay) report.add('00403', `${documentPath}.data`);
    if (document.numero !== undefined && !HAS_DIGIT.test(document.numero)) {
      report.add('00425', `${documentPath}.numero`);
    }
    if (options.state?.isDuplicate && seller?.id_fiscale_iva) {
      const duplicate = options.state.isDuplicate({
        sellerCountry: seller.id_fiscale_iva.id_paese,
        sellerCode: seller.id_fiscale_iva.id_codice,
        documentType: document.tipo_documento,
        date: document.data,
        number: document.numero,
      });
      if (duplicate) report.add('00404', `${documentPath}.numero`);
    }

    const genericRefused = document.data >= '2021-01-01';
    let total = 0n;
    eachObject(body.dati_beni_servizi, (item, j) => {
      const path = `${bodyPath}.dati_beni_servizi[${j}]`;
      total += parseScaled(item.importo, 2) ?? 0n;
      // The item gives either the rate or the tax; zero in either means a non-taxable item.
      const rate = parseScaled(item.dati_iva?.aliquota, 2);
      const tax = parseScaled(item.dati_iva?.imposta, 2);
      const isZero = rate === 0n || (rate === undefined && tax === 0n);
      const isTaxed =
        (rate !== undefined && rate !== 0n) ||
        (rate === undefined && tax !== undefined && tax !== 0n);
      if (isZero && !item.natura) report.add('00400', `${path}.natura`);
      if (isTaxed && item.natura) report.add('00401', `${path}.natura`);
      if (rate !== undefined && rate > 0n && rate < 100n) {
        report.add('00424', `${path}.dati_iva.aliquota`);
      }
      if (genericRefused && item.natura && GENERIC_NATURA.has(item.natura)) {
        report.add('00445', `${path}.natura`);
      }
    });
    // Importo of a simplified item includes VAT, so the items' sum is the invoice total.
    if (
      document.tipo_documento === 'TD07' &&
      document.divisa === 'EUR' &&
      total > SIMPLIFIED_LIMIT
    ) {
      report.add('FSM_AMOUNT_LIMIT', `${bodyPath}.dati_beni_servizi`);
    }
  });
}
