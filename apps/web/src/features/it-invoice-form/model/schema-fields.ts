import { z } from 'zod';
import { isDecimalText } from './decimal-format';
import type { LengthRule } from './field-limits';
import { formMessage } from './validation-message';

/*
 * Form values are the FatturaPA JSON model with '' for an empty box (keys may also be missing
 * when an invoice is loaded). These builders accept both and report the spec's client rules.
 */

function checkLength(value: string, rule: LengthRule, ctx: z.RefinementCtx) {
  if (rule.exact !== undefined && value.length !== rule.exact) {
    ctx.addIssue({ code: 'custom', message: formMessage('exactLength', rule.exact) });
  } else if (rule.max !== undefined && value.length > rule.max) {
    ctx.addIssue({ code: 'custom', message: formMessage('maxLength', rule.max) });
  } else if (rule.min !== undefined && value.length < rule.min) {
    ctx.addIssue({ code: 'custom', message: formMessage('minLength', rule.min) });
  }
}

export function textField(options: { required?: boolean } & LengthRule = {}) {
  return z
    .string()
    .nullish()
    .superRefine((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') {
        if (options.required) ctx.addIssue({ code: 'custom', message: formMessage('required') });
        return;
      }
      checkLength(value, options, ctx);
    });
}

export function decimalField(options: { required?: boolean } = {}) {
  return z
    .string()
    .nullish()
    .superRefine((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') {
        if (options.required) ctx.addIssue({ code: 'custom', message: formMessage('required') });
        return;
      }
      if (!isDecimalText(value)) ctx.addIssue({ code: 'custom', message: formMessage('decimal') });
    });
}

/** A calendar date as FatturaPA writes it (`YYYY-MM-DD`, no time zone). */
export function dateField(options: { required?: boolean } = {}) {
  return z
    .string()
    .nullish()
    .superRefine((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') {
        if (options.required) ctx.addIssue({ code: 'custom', message: formMessage('required') });
        return;
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: formMessage('date') });
      }
    });
}

/** A list of free texts (causale, riferimento_numero_linea). */
export function textListField(rule: LengthRule = {}) {
  return z.array(textField(rule)).nullish();
}

export function listOf<T extends z.ZodType>(item: T) {
  return z.array(item).nullish();
}

export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}
