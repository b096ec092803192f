/**
 * The synthetic ledger as files anyone can run the command line on: one FatturaPA XML per
 * document (`invoices/`), the camt.053 statement and the answer key (one JSON line per entry).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toXml, type FatturaElettronica } from '@fiscus/fatturapa';
import { centsText } from '../money.ts';
import { writeCamt, type CamtWriteOptions } from './camt-writer.ts';
import type { SyntheticInvoice, SyntheticLedger } from './ledger.ts';

const CITY_CAP: Record<string, [string, string]> = {
  Milano: ['20121', 'MI'],
  Roma: ['00184', 'RM'],
  Torino: ['10121', 'TO'],
  Napoli: ['80133', 'NA'],
  Bologna: ['40121', 'BO'],
  Firenze: ['50122', 'FI'],
  Bari: ['70121', 'BA'],
  Verona: ['37121', 'VR'],
  Padova: ['35122', 'PD'],
  Brescia: ['25121', 'BS'],
  Bergamo: ['24121', 'BG'],
  Modena: ['41121', 'MO'],
  Parma: ['43121', 'PR'],
  Genova: ['16121', 'GE'],
  Palermo: ['90133', 'PA'],
  Catania: ['95121', 'CT'],
  Trento: ['38122', 'TN'],
  Udine: ['33100', 'UD'],
};

/** The FatturaPA (FPR12) of one synthetic document, its figures consistent (VAT 22%). */
export function fatturaOf(
  ledger: SyntheticLedger,
  document: SyntheticInvoice,
  progressive: number,
): FatturaElettronica {
  const buyer = document.buyer;
  const [cap, provincia] = CITY_CAP[buyer.city] ?? ['20121', 'MI'];
  const [nome = '', ...cognome] = buyer.name.split(' ');
  const tax = document.total - document.taxable;
  const ownerCode = ledger.owner.vatId.slice(2);
  const payment = {
    modalita_pagamento: 'MP05',
    ...(document.dueDate ? { data_scadenza_pagamento: document.dueDate } : {}),
    importo_pagamento: centsText(document.total),
    ...(document.iban ? { iban: document.iban } : {}),
    ...(document.paymentCodes?.[0] ? { codice_pagamento: document.paymentCodes[0] } : {}),
  };
  return {
    fattura_elettronica_header: {
      dati_trasmissione: {
        id_trasmittente: { id_paese: 'IT', id_codice: ownerCode },
        progressivo_invio: String(progressive).padStart(5, '0'),
        formato_trasmissione: 'FPR12',
        codice_destinatario: '0000000',
      },
      cedente_prestatore: {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: ownerCode },
          anagrafica: { denominazione: ledger.owner.name },
          regime_fiscale: 'RF01',
        },
        sede: {
          indirizzo: 'Via Roma 1',
          cap: '20121',
          comune: 'Milano',
          provincia: 'MI',
          nazione: 'IT',
        },
      },
      cessionario_committente: {
        dati_anagrafici: {
          ...(buyer.vatId
            ? { id_fiscale_iva: { id_paese: 'IT', id_codice: buyer.vatId.slice(2) } }
            : {}),
          ...(buyer.fiscalCode ? { codice_fiscale: buyer.fiscalCode } : {}),
          anagrafica: buyer.person
            ? { nome, cognome: cognome.join(' ') }
            : { denominazione: buyer.name },
        },
        sede: { indirizzo: 'Via Garibaldi 10', cap, comune: buyer.city, provincia, nazione: 'IT' },
      },
    },
    fattura_elettronica_body: [
      {
        dati_generali: {
          dati_generali_documento: {
            tipo_documento: document.kind === 'credit-note' ? 'TD04' : 'TD01',
            divisa: document.currency,
            data: document.date,
            numero: document.number,
            importo_totale_documento: centsText(document.total),
          },
        },
        dati_beni_servizi: {
          dettaglio_linee: [
            {
              numero_linea: '1',
              descrizione:
                document.kind === 'credit-note'
                  ? 'Storno parziale fornitura'
                  : 'Fornitura e servizi',
              prezzo_unitario: centsText(document.taxable),
              prezzo_totale: centsText(document.taxable),
              aliquota_iva: '22.00',
            },
          ],
          dati_riepilogo: [
            {
              aliquota_iva: '22.00',
              imponibile_importo: centsText(document.taxable),
              imposta: centsText(tax),
              esigibilita_iva: 'I',
            },
          ],
        },
        dati_pagamento: [{ condizioni_pagamento: 'TP02', dettaglio_pagamento: [payment] }],
      },
    ],
  };
}

export interface LedgerFiles {
  invoicesDir: string;
  statement: string;
  answerKey: string;
}

/**
 * Writes the ledger under `dir`: `invoices/IT<vat>_<progressive>.xml`, `statement.xml`
 * (camt.053.001.02 unless told) and `answer-key.jsonl`.
 */
export async function writeLedgerFiles(
  ledger: SyntheticLedger,
  dir: string,
  camt: CamtWriteOptions = {},
): Promise<LedgerFiles> {
  const invoicesDir = path.join(dir, 'invoices');
  await mkdir(invoicesDir, { recursive: true });
  let progressive = 0;
  for (const document of ledger.invoices) {
    progressive += 1;
    const name = `${ledger.owner.vatId}_${progressive.toString(36).toUpperCase().padStart(5, '0')}.xml`;
    await writeFile(
      path.join(invoicesDir, name),
      toXml(fatturaOf(ledger, document, progressive), 'FPR12'),
    );
  }
  const statement = path.join(dir, 'statement.xml');
  await writeFile(statement, writeCamt(ledger.entries, camt));
  const answerKey = path.join(dir, 'answer-key.jsonl');
  await writeFile(answerKey, ledger.key.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return { invoicesDir, statement, answerKey };
}
