import type { FatturaElettronica } from '@fiscus/fatturapa';

/** A standard invoice that passes the form's client rules (a stored draft, say). */
export function completeStandardInvoice(): FatturaElettronica {
  return {
    fattura_elettronica_header: {
      dati_trasmissione: {
        id_trasmittente: { id_paese: 'IT', id_codice: '01234567897' },
        progressivo_invio: '00001',
        formato_trasmissione: 'FPR12',
        codice_destinatario: 'ABC1234',
        pec_destinatario: '',
      },
      cedente_prestatore: {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: '01234567897' },
          codice_fiscale: '01234567897',
          anagrafica: { denominazione: 'ACME SRL', nome: '', cognome: '' },
          regime_fiscale: 'RF01',
        },
        sede: {
          indirizzo: 'VIA ROMA 1',
          cap: '00100',
          comune: 'ROMA',
          provincia: 'RM',
          nazione: 'IT',
        },
      },
      cessionario_committente: {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: '' },
          codice_fiscale: 'RSSMRA85T10A562S',
          anagrafica: { nome: 'MARIO', cognome: 'ROSSI', denominazione: '' },
        },
        sede: {
          indirizzo: 'VIA VERDI 2',
          cap: '20100',
          comune: 'MILANO',
          provincia: 'MI',
          nazione: 'IT',
        },
      },
    },
    fattura_elettronica_body: [
      {
        dati_generali: {
          dati_generali_documento: {
            tipo_documento: 'TD01',
            divisa: 'EUR',
            data: '2026-11-20',
            numero: 'FT-1',
            importo_totale_documento: '122.00',
          },
        },
        dati_beni_servizi: {
          dettaglio_linee: [
            {
              numero_linea: '1',
              descrizione: 'Consulting',
              quantita: '1.00',
              prezzo_unitario: '100.00',
              prezzo_totale: '100.00',
              aliquota_iva: '22.00',
            },
          ],
          dati_riepilogo: [
            {
              aliquota_iva: '22.00',
              imponibile_importo: '100.00',
              imposta: '22.00',
              esigibilita_iva: 'I',
            },
          ],
        },
        dati_pagamento: [
          {
            condizioni_pagamento: 'TP02',
            dettaglio_pagamento: [{ modalita_pagamento: 'MP05', importo_pagamento: '122.00' }],
          },
        ],
      },
    ],
  };
}
