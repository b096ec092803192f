import type { DettaglioLinee, FatturaElettronica } from '../src/model/index.ts';

function cents(value: bigint): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}

/**
 * A consistent ordinary invoice of `lineCount` lines built on an official sample: every line
 * 2 × 10.00 at 22%, one VAT summary and one payment matching the total. At most 9,999 lines
 * (NumeroLinea's limit): big files get long descriptions (up to the schema's 1,000 characters).
 */
export function invoiceWithLines(
  template: FatturaElettronica,
  lineCount: number,
  descriptionLength = 60,
): FatturaElettronica {
  const invoice = structuredClone(template);
  const body = invoice.fattura_elettronica_body[0];
  if (!body) throw new Error('the template has no body');
  const lines: DettaglioLinee[] = Array.from({ length: lineCount }, (_, index) => ({
    numero_linea: String(index + 1),
    descrizione: `Articolo ${index + 1} `.padEnd(descriptionLength, 'consegna e installazione '),
    quantita: '2.00',
    unita_misura: 'PZ',
    prezzo_unitario: '10.00',
    prezzo_totale: '20.00',
    aliquota_iva: '22.00',
  }));
  const taxable = 2000n * BigInt(lineCount);
  const tax = 440n * BigInt(lineCount);
  body.dati_beni_servizi = {
    dettaglio_linee: lines,
    dati_riepilogo: [
      {
        aliquota_iva: '22.00',
        imponibile_importo: cents(taxable),
        imposta: cents(tax),
        esigibilita_iva: 'I',
      },
    ],
  };
  body.dati_generali.dati_generali_documento.importo_totale_documento = cents(taxable + tax);
  delete body.dati_generali.dati_generali_documento.dati_ritenuta;
  delete body.dati_generali.dati_generali_documento.dati_cassa_previdenziale;
  body.dati_pagamento = [
    {
      condizioni_pagamento: 'TP02',
      dettaglio_pagamento: [
        { modalita_pagamento: 'MP05', importo_pagamento: cents(taxable + tax) },
      ],
    },
  ];
  return invoice;
}
