import { randomInt } from 'node:crypto';

/** Today's date in Italy (Europe/Rome), the calendar SDI dates invoices with. */
export function romeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}

export type GeneratedInvoiceParties = {
  /** Supplier VAT code without country (default GAMMA FORNITURE SRL, a valid Partita IVA). */
  sellerVat?: string;
  sellerName?: string;
  buyerVat: string;
  buyerName: string;
  recipientCode?: string;
  number?: string;
  date?: string;
  /** Net amount of the one line, decimal string with 2 decimals (VAT 22% is added). */
  net?: string;
};

/** Net × 22% rounded half-up to cents, on integer cents: no binary floating point on money. */
function vat22(net: string): { tax: string; total: string } {
  const [units = '0', cents = '0'] = net.split('.');
  const netCents = BigInt(units) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2));
  const taxCents = (netCents * 22n + 50n) / 100n;
  const format = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
  return { tax: format(taxCents), total: format(netCents + taxCents) };
}

/**
 * A small, valid FPR12 invoice (snake_case JSON): one line, VAT 22%. Used by the sandbox's
 * "a supplier invoice arrives" simulation, the seed script and the benchmarks.
 */
export function generatedInvoiceJson(parties: GeneratedInvoiceParties) {
  const sellerVat = parties.sellerVat ?? '12345678903';
  const net = parties.net ?? '100.00';
  const { tax, total } = vat22(net);
  const address = {
    indirizzo: 'VIA MILANO 10',
    cap: '20121',
    comune: 'MILANO',
    provincia: 'MI',
    nazione: 'IT',
  };
  return {
    fattura_elettronica_header: {
      dati_trasmissione: {
        id_trasmittente: { id_paese: 'IT', id_codice: sellerVat },
        progressivo_invio: String(randomInt(1, 99999)).padStart(5, '0'),
        formato_trasmissione: 'FPR12',
        codice_destinatario: parties.recipientCode ?? '0000000',
      },
      cedente_prestatore: {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: sellerVat },
          anagrafica: { denominazione: parties.sellerName ?? 'GAMMA FORNITURE SRL' },
          regime_fiscale: 'RF01',
        },
        sede: address,
      },
      cessionario_committente: {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: parties.buyerVat },
          anagrafica: { denominazione: parties.buyerName },
        },
        sede: {
          ...address,
          indirizzo: 'VIA TORINO 38',
          cap: '00145',
          comune: 'ROMA',
          provincia: 'RM',
        },
      },
    },
    fattura_elettronica_body: [
      {
        dati_generali: {
          dati_generali_documento: {
            tipo_documento: 'TD01',
            divisa: 'EUR',
            data: parties.date ?? romeToday(),
            numero: parties.number ?? `SIM-${randomInt(1, 1_000_000_000)}`,
            importo_totale_documento: total,
          },
        },
        dati_beni_servizi: {
          dettaglio_linee: [
            {
              numero_linea: '1',
              descrizione: 'Servizio di consulenza',
              quantita: '1.00',
              prezzo_unitario: net,
              prezzo_totale: net,
              aliquota_iva: '22.00',
            },
          ],
          dati_riepilogo: [
            { aliquota_iva: '22.00', imponibile_importo: net, imposta: tax, esigibilita_iva: 'I' },
          ],
        },
      },
    ],
  };
}
