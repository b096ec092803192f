import { z } from 'zod';
import { fieldLimits } from './field-limits';
import { isBlank, textField } from './schema-fields';
import { formMessage } from './validation-message';

/** IdFiscaleIVA: the VAT code is at most 11 characters for Italy, 28 elsewhere (spec 5). */
export function fiscalIdSchema(required: boolean) {
  return z
    .looseObject({
      id_paese: textField({ required, ...fieldLimits.id_paese }),
      id_codice: textField({ required, ...fieldLimits.id_codice }),
    })
    .superRefine((value, ctx) => {
      const code = (value.id_codice ?? '').trim();
      if (
        value.id_paese?.trim().toUpperCase() === 'IT' &&
        code.length > fieldLimits.id_codice_it.max
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['id_codice'],
          message: formMessage('maxLength', fieldLimits.id_codice_it.max),
        });
      }
    });
}

export const addressSchema = z
  .looseObject({
    indirizzo: textField({ required: true, ...fieldLimits.indirizzo }),
    numero_civico: textField(fieldLimits.numero_civico),
    cap: textField({ required: true, ...fieldLimits.cap }),
    comune: textField({ required: true, ...fieldLimits.comune }),
    provincia: textField(fieldLimits.provincia),
    nazione: textField({ required: true, ...fieldLimits.nazione }),
  })
  .superRefine((value, ctx) => {
    // The province is required for an Italian address only (SDI 00400-family checks).
    if (value.nazione?.trim().toUpperCase() === 'IT' && isBlank(value.provincia)) {
      ctx.addIssue({ code: 'custom', path: ['provincia'], message: formMessage('required') });
    }
  });

export const personOrCompanyFields = {
  denominazione: textField(fieldLimits.denominazione),
  nome: textField(fieldLimits.nome),
  cognome: textField(fieldLimits.cognome),
};

/**
 * FatturaPA's choice Denominazione | Nome + Cognome: one of the two must be filled. The spec
 * lists all three as required; the schema's choice is what SDI checks.
 */
export function checkNameOrDenomination(
  value: { denominazione?: string | null; nome?: string | null; cognome?: string | null },
  ctx: z.RefinementCtx,
  path: (string | number)[],
) {
  if (!isBlank(value.denominazione)) return;
  if (!isBlank(value.nome) && !isBlank(value.cognome)) return;
  const message = formMessage('nameOrDenomination');
  ctx.addIssue({ code: 'custom', path: [...path, 'denominazione'], message });
  if (isBlank(value.nome)) ctx.addIssue({ code: 'custom', path: [...path, 'nome'], message });
  if (isBlank(value.cognome)) ctx.addIssue({ code: 'custom', path: [...path, 'cognome'], message });
}
