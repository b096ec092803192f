import { z } from 'zod';
import { fieldLimits } from './field-limits';
import {
  addressSchema,
  checkNameOrDenomination,
  fiscalIdSchema,
  personOrCompanyFields,
} from './party-schema';
import {
  dateField,
  decimalField,
  isBlank,
  listOf,
  textField,
  textListField,
} from './schema-fields';
import { formMessage } from './validation-message';

/**
 * The guided form of a standard (FPA12/FPR12) invoice: the FatturaPA JSON model with the
 * client-side rules of spec 5. Objects are loose so that whatever the form does not show (an
 * invoice loaded for a fix may carry any block of the schema) is sent back unchanged; full
 * schema validation is the server's.
 */

const linkedDocumentSchema = z.looseObject({
  id_documento: textField({ required: true, ...fieldLimits.id_documento }),
  data: dateField(),
  num_item: textField({ max: 20 }),
  codice_commessa_convenzione: textField({ max: 100 }),
  codice_cup: textField(fieldLimits.codice_cup),
  codice_cig: textField(fieldLimits.codice_cig),
  riferimento_numero_linea: textListField({ max: 4 }),
});

const discountSchema = z.looseObject({
  tipo: textField({ required: true }),
  percentuale: decimalField(),
  importo: decimalField(),
});

const lineSchema = z
  .looseObject({
    numero_linea: textField({ required: true }),
    tipo_cessione_prestazione: textField(),
    codice_articolo: listOf(
      z.looseObject({
        codice_tipo: textField({ required: true, max: 35 }),
        codice_valore: textField({ required: true, max: 35 }),
      }),
    ),
    descrizione: textField({ required: true, ...fieldLimits.descrizione }),
    quantita: decimalField({ required: true }),
    unita_misura: textField(fieldLimits.unita_misura),
    data_inizio_periodo: dateField(),
    data_fine_periodo: dateField(),
    prezzo_unitario: decimalField({ required: true }),
    sconto_maggiorazione: listOf(discountSchema),
    prezzo_totale: decimalField({ required: true }),
    aliquota_iva: decimalField({ required: true }),
    ritenuta: textField(),
    natura: textField(),
    riferimento_amministrazione: textField({ max: 20 }),
    altri_dati_gestionali: listOf(
      z.looseObject({
        tipo_dato: textField({ required: true, max: 10 }),
        riferimento_testo: textField({ max: 60 }),
        riferimento_numero: decimalField(),
        riferimento_data: dateField(),
      }),
    ),
  })
  .superRefine((line, ctx) => {
    // SDI 00400: a line at 0% VAT must say why (natura).
    if (Number(line.aliquota_iva) === 0 && !isBlank(line.aliquota_iva) && isBlank(line.natura)) {
      ctx.addIssue({ code: 'custom', path: ['natura'], message: formMessage('naturaAtZeroRate') });
    }
  });

const summarySchema = z.looseObject({
  aliquota_iva: decimalField({ required: true }),
  natura: textField(),
  spese_accessorie: decimalField(),
  arrotondamento: decimalField(),
  imponibile_importo: decimalField({ required: true }),
  imposta: decimalField({ required: true }),
  esigibilita_iva: textField(),
  riferimento_normativo: textField(fieldLimits.riferimento_normativo),
});

const paymentDetailSchema = z.looseObject({
  beneficiario: textField(fieldLimits.beneficiario),
  modalita_pagamento: textField({ required: true }),
  data_riferimento_termini_pagamento: dateField(),
  giorni_termini_pagamento: textField({ max: 3 }),
  data_scadenza_pagamento: dateField(),
  importo_pagamento: decimalField({ required: true }),
  istituto_finanziario: textField({ max: 80 }),
  iban: textField(fieldLimits.iban),
  abi: textField(fieldLimits.abi),
  cab: textField(fieldLimits.cab),
  bic: textField(fieldLimits.bic),
  codice_pagamento: textField(fieldLimits.codice_pagamento),
});

const supplierSchema = z
  .looseObject({
    dati_anagrafici: z.looseObject({
      id_fiscale_iva: fiscalIdSchema(true),
      codice_fiscale: textField(fieldLimits.codice_fiscale),
      anagrafica: z.looseObject({ ...personOrCompanyFields, titolo: textField({ max: 10 }) }),
      regime_fiscale: textField({ required: true }),
    }),
    sede: addressSchema,
  })
  .superRefine((value, ctx) =>
    checkNameOrDenomination(value.dati_anagrafici.anagrafica, ctx, [
      'dati_anagrafici',
      'anagrafica',
    ]),
  );

const customerSchema = z
  .looseObject({
    dati_anagrafici: z.looseObject({
      id_fiscale_iva: fiscalIdSchema(false).nullish(),
      codice_fiscale: textField(fieldLimits.codice_fiscale),
      anagrafica: z.looseObject({ ...personOrCompanyFields, titolo: textField({ max: 10 }) }),
    }),
    sede: addressSchema,
  })
  .superRefine((value, ctx) => {
    checkNameOrDenomination(value.dati_anagrafici.anagrafica, ctx, [
      'dati_anagrafici',
      'anagrafica',
    ]);
    // A customer is identified by a VAT code, a fiscal code or both (FatturaPA 1.4.1).
    if (
      isBlank(value.dati_anagrafici.id_fiscale_iva?.id_codice) &&
      isBlank(value.dati_anagrafici.codice_fiscale)
    ) {
      const message = formMessage('vatOrFiscalCode');
      ctx.addIssue({ code: 'custom', path: ['dati_anagrafici', 'codice_fiscale'], message });
      ctx.addIssue({
        code: 'custom',
        path: ['dati_anagrafici', 'id_fiscale_iva', 'id_codice'],
        message,
      });
    }
  });

export const standardInvoiceFormSchema = z.looseObject({
  fattura_elettronica_header: z.looseObject({
    dati_trasmissione: z.looseObject({
      id_trasmittente: fiscalIdSchema(false).nullish(),
      progressivo_invio: textField({ max: 10 }),
      formato_trasmissione: textField({ required: true }),
      codice_destinatario: textField({ required: true, ...fieldLimits.codice_destinatario }),
      pec_destinatario: textField({ max: 256 }),
    }),
    cedente_prestatore: supplierSchema,
    cessionario_committente: customerSchema,
  }),
  fattura_elettronica_body: z
    .array(
      z.looseObject({
        dati_generali: z.looseObject({
          dati_generali_documento: z.looseObject({
            tipo_documento: textField({ required: true }),
            divisa: textField({ required: true, exact: 3 }),
            data: dateField({ required: true }),
            numero: textField({ required: true, ...fieldLimits.numero }),
            causale: textListField(fieldLimits.causale),
            importo_totale_documento: decimalField(),
            arrotondamento: decimalField(),
            dati_bollo: z
              .looseObject({ bollo_virtuale: textField(), importo_bollo: decimalField() })
              .nullish(),
            dati_ritenuta: listOf(
              z.looseObject({
                tipo_ritenuta: textField({ required: true }),
                importo_ritenuta: decimalField({ required: true }),
                aliquota_ritenuta: decimalField({ required: true }),
                causale_pagamento: textField({ required: true, max: 2 }),
              }),
            ),
            dati_cassa_previdenziale: listOf(
              z.looseObject({
                tipo_cassa: textField({ required: true }),
                al_cassa: decimalField({ required: true }),
                importo_contributo_cassa: decimalField({ required: true }),
                imponibile_cassa: decimalField(),
                aliquota_iva: decimalField({ required: true }),
                ritenuta: textField(),
                natura: textField(),
              }),
            ),
            sconto_maggiorazione: listOf(discountSchema),
          }),
          dati_ordine_acquisto: listOf(linkedDocumentSchema),
          dati_contratto: listOf(linkedDocumentSchema),
          dati_convenzione: listOf(linkedDocumentSchema),
          dati_ricezione: listOf(linkedDocumentSchema),
          dati_fatture_collegate: listOf(linkedDocumentSchema),
          dati_sal: listOf(
            z.looseObject({ riferimento_fase: textField({ required: true, max: 3 }) }),
          ),
          dati_ddt: listOf(
            z.looseObject({
              numero_ddt: textField({ required: true, max: 20 }),
              data_ddt: dateField({ required: true }),
              riferimento_numero_linea: textListField({ max: 4 }),
            }),
          ),
          dati_trasporto: z
            .looseObject({
              mezzo_trasporto: textField({ max: 80 }),
              causale_trasporto: textField({ max: 100 }),
              numero_colli: textField({ max: 4 }),
              descrizione: textField({ max: 100 }),
              unita_misura_peso: textField({ max: 10 }),
              peso_lordo: decimalField(),
              peso_netto: decimalField(),
              data_inizio_trasporto: dateField(),
              tipo_resa: textField({ max: 3 }),
            })
            .nullish(),
        }),
        dati_beni_servizi: z.looseObject({
          dettaglio_linee: z.array(lineSchema).min(1, formMessage('atLeastOneLine')),
          dati_riepilogo: listOf(summarySchema),
        }),
        dati_veicoli: z
          .looseObject({ data: dateField(), totale_percorso: textField({ max: 15 }) })
          .nullish(),
        dati_pagamento: listOf(
          z.looseObject({
            condizioni_pagamento: textField({ required: true }),
            dettaglio_pagamento: listOf(paymentDetailSchema),
          }),
        ),
        allegati: listOf(
          z.looseObject({
            nome_attachment: textField({ required: true, ...fieldLimits.nome_attachment }),
            formato_attachment: textField(fieldLimits.formato_attachment),
            descrizione_attachment: textField({ max: 100 }),
            attachment: textField({ required: true }),
          }),
        ),
      }),
    )
    .min(1),
});

export type StandardInvoiceFormInput = z.input<typeof standardInvoiceFormSchema>;
