import { z } from 'zod';
import { fieldLimits } from './field-limits';
import {
  addressSchema,
  checkNameOrDenomination,
  fiscalIdSchema,
  personOrCompanyFields,
} from './party-schema';
import { dateField, decimalField, isBlank, textField } from './schema-fields';
import { formMessage } from './validation-message';

/**
 * The guided form of a simplified (FSM10) invoice: header, goods/services entries and the
 * corrected invoice reference, with the client rules of spec 5.
 */
export const simplifiedInvoiceFormSchema = z.looseObject({
  fattura_elettronica_header: z.looseObject({
    dati_trasmissione: z.looseObject({
      id_trasmittente: fiscalIdSchema(false).nullish(),
      progressivo_invio: textField({ max: 10 }),
      formato_trasmissione: textField({ required: true }),
      codice_destinatario: textField({ required: true, ...fieldLimits.codice_destinatario }),
      pec_destinatario: textField({ max: 256 }),
    }),
    cedente_prestatore: z
      .looseObject({
        id_fiscale_iva: fiscalIdSchema(true),
        codice_fiscale: textField(fieldLimits.codice_fiscale),
        ...personOrCompanyFields,
        sede: addressSchema,
        regime_fiscale: textField({ required: true }),
      })
      .superRefine((value, ctx) => checkNameOrDenomination(value, ctx, [])),
    cessionario_committente: z
      .looseObject({
        identificativi_fiscali: z.looseObject({
          id_fiscale_iva: fiscalIdSchema(false).nullish(),
          codice_fiscale: textField(fieldLimits.codice_fiscale),
        }),
        altri_dati_identificativi: z
          .looseObject({ ...personOrCompanyFields, sede: addressSchema.nullish() })
          .nullish(),
      })
      .superRefine((value, ctx) => {
        const ids = value.identificativi_fiscali;
        if (isBlank(ids.id_fiscale_iva?.id_codice) && isBlank(ids.codice_fiscale)) {
          const message = formMessage('vatOrFiscalCode');
          ctx.addIssue({
            code: 'custom',
            path: ['identificativi_fiscali', 'codice_fiscale'],
            message,
          });
        }
      }),
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
          }),
          dati_fattura_rettificata: z
            .looseObject({
              numero_fr: textField({ max: 20 }),
              data_fr: dateField(),
              elementi_rettificati: textField({ max: 1000 }),
            })
            .nullish(),
        }),
        dati_beni_servizi: z
          .array(
            z
              .looseObject({
                descrizione: textField({ required: true, ...fieldLimits.descrizione }),
                importo: decimalField({ required: true }),
                dati_iva: z.looseObject({
                  imposta: decimalField({ required: true }),
                  aliquota: decimalField({ required: true }),
                }),
                natura: textField(),
                riferimento_normativo: textField(fieldLimits.riferimento_normativo),
              })
              // The spec lists natura as always required; SDI wants it only for an exempt
              // (0%) entry and refuses it beside a real rate, so the form asks for it there.
              .superRefine((entry, ctx) => {
                const rate = entry.dati_iva.aliquota;
                if (!isBlank(rate) && Number(rate) === 0 && isBlank(entry.natura)) {
                  const message = formMessage('naturaAtZeroRate');
                  ctx.addIssue({ code: 'custom', path: ['natura'], message });
                }
              }),
          )
          .min(1, formMessage('atLeastOneLine')),
      }),
    )
    .min(1),
});

export type SimplifiedInvoiceFormInput = z.input<typeof simplifiedInvoiceFormSchema>;
