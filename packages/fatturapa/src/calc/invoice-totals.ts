import type {
  DatiCassaPrevidenziale,
  DatiGeneraliDocumento,
  DatiRitenuta,
  FatturaElettronica,
  FatturaElettronicaBody,
} from '../model/index.ts';
import { computeDocumentTotal } from './document-total.ts';
import { objectsOf } from './json-guards.ts';
import { computeLineTotal } from './line-total.ts';
import { computeVatSummary } from './vat-summary.ts';
import { computePercentageOf, computeWithholdingBase } from './withholding.ts';

/** Withholding types whose base is the lines/contributions marked ritenuta SI. */
const LINE_BASED_WITHHOLDINGS = new Set(['RT01', 'RT02']);

function withCassaContribution(cassa: DatiCassaPrevidenziale): DatiCassaPrevidenziale {
  if (cassa.imponibile_cassa === undefined) return cassa;
  const amount = computePercentageOf(cassa.imponibile_cassa, cassa.al_cassa);
  return amount === undefined || amount === cassa.importo_contributo_cassa
    ? cassa
    : { ...cassa, importo_contributo_cassa: amount };
}

function computeBodyTotals(body: FatturaElettronicaBody): FatturaElettronicaBody {
  // The form calls this while the invoice is half typed: any block may still be missing.
  const document = body.dati_generali?.dati_generali_documento ?? ({} as DatiGeneraliDocumento);
  const lines = objectsOf(body.dati_beni_servizi?.dettaglio_linee).map((line) => {
    const total = computeLineTotal(line);
    return total === undefined || total === line.prezzo_totale
      ? line
      : { ...line, prezzo_totale: total };
  });
  const cassa = Array.isArray(document.dati_cassa_previdenziale)
    ? objectsOf(document.dati_cassa_previdenziale).map(withCassaContribution)
    : undefined;
  const riepilogo = computeVatSummary({
    lines,
    cassa,
    existing: body.dati_beni_servizi?.dati_riepilogo,
  });
  let ritenuta: DatiRitenuta[] | undefined = document.dati_ritenuta;
  if (
    Array.isArray(ritenuta) &&
    ritenuta.length === 1 &&
    LINE_BASED_WITHHOLDINGS.has(ritenuta[0]?.tipo_ritenuta ?? '')
  ) {
    const only = ritenuta[0] as DatiRitenuta;
    const amount = computePercentageOf(
      computeWithholdingBase(lines, cassa),
      only.aliquota_ritenuta,
    );
    if (amount !== undefined) ritenuta = [{ ...only, importo_ritenuta: amount }];
  }
  const total = computeDocumentTotal({
    dati_riepilogo: riepilogo,
    sconto_maggiorazione: document.sconto_maggiorazione,
    arrotondamento: document.arrotondamento,
  });
  return {
    ...body,
    dati_generali: {
      ...body.dati_generali,
      dati_generali_documento: {
        ...document,
        ...(ritenuta !== undefined && { dati_ritenuta: ritenuta }),
        ...(cassa !== undefined && { dati_cassa_previdenziale: cassa }),
        importo_totale_documento: total,
      },
    },
    dati_beni_servizi: { dettaglio_linee: lines, dati_riepilogo: riepilogo },
  };
}

/**
 * A copy of the invoice with its computed amounts filled in, for every body: each line's
 * prezzo_totale, each pension-fund importo_contributo_cassa (when imponibile_cassa is given), a
 * single RT01/RT02 withholding's importo_ritenuta, the dati_riepilogo rows and
 * importo_totale_documento. The input is not modified; objects that did not change are shared
 * with it, so the console can call this on every keystroke.
 */
export function computeInvoiceTotals(invoice: FatturaElettronica): FatturaElettronica {
  if (invoice === null || typeof invoice !== 'object') return invoice;
  return {
    ...invoice,
    fattura_elettronica_body: objectsOf(invoice.fattura_elettronica_body).map(computeBodyTotals),
  };
}
