import { preSaleActionDefaults, preSaleActionRequestSchema } from '@fiscus/contracts';
import type { PreSaleAction, PreSaleActionRequest } from '@fiscus/contracts';
import { z } from 'zod';

/** The contract's body with `enabled` always present (the switch has a value). */
export const preSaleActionFormSchema = preSaleActionRequestSchema.extend({ enabled: z.boolean() });
export type PreSaleActionFormInput = z.input<typeof preSaleActionFormSchema>;
export type PreSaleActionFormValues = z.output<typeof preSaleActionFormSchema>;

/**
 * A new action starts from the spec's defaults (threshold 0, alert_mail, enabled). Threshold 0
 * does not pass the "positive integer" rule on purpose: the user must choose a real amount.
 */
export function newPreSaleActionValues(preSaleUuid: string): PreSaleActionFormInput {
  return {
    pre_sale_uuid: preSaleUuid,
    threshold: preSaleActionDefaults.threshold,
    action_type: preSaleActionDefaults.action_type,
    target: '',
    enabled: preSaleActionDefaults.enabled,
  };
}

export function existingPreSaleActionValues(action: PreSaleAction): PreSaleActionFormInput {
  return {
    pre_sale_uuid: action.pre_sale_uuid,
    threshold: action.threshold,
    action_type: action.action_type,
    target: action.target,
    enabled: action.enabled,
  };
}

export function toPreSaleActionRequest(values: PreSaleActionFormValues): PreSaleActionRequest {
  return values;
}
