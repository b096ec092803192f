import type { FatturaElettronica } from '@fiscus/fatturapa';
import { computeInvoiceTotals } from '@fiscus/fatturapa/calc';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { canonicalJson } from '../model/invoice-payload';

const BODY = 'fattura_elettronica_body.0';
const LINES = `${BODY}.dati_beni_servizi.dettaglio_linee`;
const SUMMARY = `${BODY}.dati_beni_servizi.dati_riepilogo`;
const DOCUMENT = `${BODY}.dati_generali.dati_generali_documento`;

function asList(value: unknown): FieldValues[] {
  return Array.isArray(value) ? (value as FieldValues[]) : [];
}

/**
 * Recomputes the amounts of a standard invoice with the engine as the user types and writes the
 * ones that changed back into the form: each line's prezzo_totale, the VAT summary rows (the
 * user's esigibilita_iva, riferimento_normativo, spese_accessorie and arrotondamento are kept by
 * the engine), a single RT01/RT02 withholding, the pension-fund contributions and the document
 * total. Returns the computed body for display.
 */
export function useComputedTotals() {
  const { control, getValues, setValue } = useFormContext();
  const body: unknown = useWatch({ control, name: BODY });
  const computed = useMemo(() => {
    if (body === null || typeof body !== 'object') return undefined;
    // The engine skips what is not a number yet (a half-typed price) and keeps that line's
    // total; a line whose price was emptied must not keep counting its old total.
    const source = body as FieldValues;
    const lines = asList(source.dati_beni_servizi?.dettaglio_linee).map((line) =>
      typeof line.prezzo_unitario === 'string' && line.prezzo_unitario.trim() === ''
        ? { ...line, prezzo_totale: '' }
        : line,
    );
    const cleaned = {
      ...source,
      dati_beni_servizi: { ...source.dati_beni_servizi, dettaglio_linee: lines },
    };
    const invoice = { fattura_elettronica_body: [cleaned] } as unknown as FatturaElettronica;
    return computeInvoiceTotals(invoice).fattura_elettronica_body[0];
  }, [body]);

  useEffect(() => {
    if (!computed) return;
    const set = (name: string, value: unknown) => {
      if (canonicalJson(getValues(name)) !== canonicalJson(value)) setValue(name, value);
    };
    asList(computed.dati_beni_servizi?.dettaglio_linee).forEach((line, index) => {
      const current: unknown = getValues(`${LINES}.${index}.prezzo_totale`);
      // A line whose price is not a number yet keeps what it shows.
      if (typeof line.prezzo_totale === 'string' && line.prezzo_totale !== current) {
        setValue(`${LINES}.${index}.prezzo_totale`, line.prezzo_totale);
      }
    });
    set(SUMMARY, computed.dati_beni_servizi?.dati_riepilogo ?? []);
    const document = computed.dati_generali?.dati_generali_documento;
    if (document) {
      set(`${DOCUMENT}.importo_totale_documento`, document.importo_totale_documento);
      const withholding = document.dati_ritenuta?.[0]?.importo_ritenuta;
      if (document.dati_ritenuta?.length === 1 && withholding !== undefined) {
        set(`${DOCUMENT}.dati_ritenuta.0.importo_ritenuta`, withholding);
      }
      asList(document.dati_cassa_previdenziale).forEach((cassa, index) => {
        set(
          `${DOCUMENT}.dati_cassa_previdenziale.${index}.importo_contributo_cassa`,
          cassa.importo_contributo_cassa,
        );
      });
    }
  }, [computed, getValues, setValue]);

  return computed;
}
