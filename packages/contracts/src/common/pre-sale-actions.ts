import { z } from 'zod';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { validationMessages, timestampField, EMAIL_MAX_LENGTH, INT4_MAX } from './fields.ts';

export const preSaleActionTypes = ['alert_mail'] as const;
export type PreSaleActionType = (typeof preSaleActionTypes)[number];

/** Item of `GET /api/common/pre-sale-actions`: mail `target` when credit falls under `threshold`. */
export const preSaleActionSchema = z.object({
  uuid: z.uuid(),
  pre_sale_uuid: z.uuid(),
  threshold: z.number().int().max(INT4_MAX),
  action_type: z.enum(preSaleActionTypes),
  target: z.string(),
  enabled: z.boolean(),
  running: z.boolean(),
  created_at: timestampField,
  updated_at: timestampField,
});
export type PreSaleAction = z.infer<typeof preSaleActionSchema>;

/** Body of `POST /pre-sale-actions` and `PUT /pre-sale-actions/{uuid}`. */
export const preSaleActionRequestSchema = z.object({
  pre_sale_uuid: z
    .string({ error: validationMessages.notBlank })
    .min(1, { error: validationMessages.notBlank, abort: true })
    .pipe(z.uuid({ error: validationMessages.preSaleNotFound })),
  threshold: z
    .number({ error: validationMessages.notBlank })
    .int({ error: 'This value should be of type int.' })
    .positive({ error: validationMessages.notPositive })
    // The column is a PostgreSQL integer: a larger number would overflow it (500) if let through.
    .max(INT4_MAX, { error: validationMessages.tooHighInt4 }),
  action_type: z.enum(preSaleActionTypes, { error: validationMessages.invalidChoice }),
  target: z
    .string({ error: validationMessages.notBlank })
    .trim()
    .min(1, { error: validationMessages.notBlank, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
    .pipe(z.email({ error: validationMessages.notAnEmail })),
  enabled: z.boolean({ error: 'This value should be of type bool.' }).optional(),
});
export type PreSaleActionRequest = z.infer<typeof preSaleActionRequestSchema>;

/** Defaults the console's "new action" form starts from (spec 4). */
export const preSaleActionDefaults = {
  threshold: 0,
  action_type: 'alert_mail',
  enabled: true,
} as const;

export const preSaleActionListQuerySchema = paginationQuerySchema;
export const preSaleActionParamsSchema = z.object({ uuid: z.string() });
