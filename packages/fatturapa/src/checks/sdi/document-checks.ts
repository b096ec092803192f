import type { FatturaElettronica } from '../../model/index.ts';
import type { SdiReport } from './messages.ts';
import type { SdiState } from './sdi-state.ts';
import { eachObject, objectsOf } from '../../calc/json-guards.ts';

const HAS_DIGIT = /\d/;

/**
 * Checks of 2.1.1 DatiGeneraliDocumento for every body: 00403 (date after reception), 00418
 * (credit note dated before the invoice it corrects), 00425 (number without digits), 00404
 * (duplicate), 00411/00415 (withholding data missing), 00437/00438 (discount without value).
 */
export function checkDocuments(
  invoice: FatturaElettronica,
  receivedDay: string,
  state: SdiState | undefined,
  report: SdiReport,
): void {
  const sellerVat =
    invoice.fattura_elettronica_header?.cedente_prestatore?.dati_anagrafici?.id_fiscale_iva;
  eachObject(invoice.fattura_elettronica_body, (body, i) => {
    const bodyPath = `fattura_elettronica_body[${i}]`;
    const document = body.dati_generali?.dati_generali_documento;
    if (!document) return;
    const documentPath = `${bodyPath}.dati_generali.dati_generali_documento`;

    // Dates are YYYY-MM-DD, so string order is date order.
    if (document.data > receivedDay) report.add('00403', `${documentPath}.data`);
    if (document.tipo_documento === 'TD04') {
      const linked = objectsOf(body.dati_generali.dati_fatture_collegate);
      if (linked.some((item) => item.data !== undefined && document.data < item.data)) {
        report.add('00418', `${documentPath}.data`);
      }
    }
    if (document.numero !== undefined && !HAS_DIGIT.test(document.numero)) {
      report.add('00425', `${documentPath}.numero`);
    }
    if (state?.isDuplicate && sellerVat) {
      const duplicate = state.isDuplicate({
        sellerCountry: sellerVat.id_paese,
        sellerCode: sellerVat.id_codice,
        documentType: document.tipo_documento,
        date: document.data,
        number: document.numero,
      });
      if (duplicate) report.add('00404', `${documentPath}.numero`);
    }

    const hasWithholding = (document.dati_ritenuta?.length ?? 0) > 0;
    if (!hasWithholding) {
      const lines = objectsOf(body.dati_beni_servizi?.dettaglio_linee);
      if (lines.some((line) => line.ritenuta === 'SI')) {
        report.add('00411', `${documentPath}.dati_ritenuta`);
      }
      if (objectsOf(document.dati_cassa_previdenziale).some((cassa) => cassa.ritenuta === 'SI')) {
        report.add('00415', `${documentPath}.dati_ritenuta`);
      }
    }

    eachObject(document.sconto_maggiorazione, (step, j) => {
      if (step.percentuale === undefined && step.importo === undefined) {
        report.add('00437', `${documentPath}.sconto_maggiorazione[${j}].tipo`);
      }
    });
    eachObject(body.dati_beni_servizi?.dettaglio_linee, (line, j) => {
      eachObject(line.sconto_maggiorazione, (step, k) => {
        if (step.percentuale === undefined && step.importo === undefined) {
          report.add(
            '00438',
            `${bodyPath}.dati_beni_servizi.dettaglio_linee[${j}].sconto_maggiorazione[${k}].tipo`,
          );
        }
      });
    });
  });
}
