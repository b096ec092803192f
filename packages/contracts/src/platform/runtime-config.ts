import { z } from 'zod';

import { platformIds, serviceIds } from './ids.ts';

export { platformIds, serviceIds };
export type { PlatformId, ServiceId } from './ids.ts';

export const demoLoginSchema = z.object({ email: z.email(), persona: z.string() });
export type DemoLogin = z.infer<typeof demoLoginSchema>;

/** `GET /config.json`: what the console needs before its first API call. */
export const runtimeConfigSchema = z.object({
  services: z.object({
    common: z.string(),
    it: z.string(),
    preservation: z.string(),
    transfer: z.string(),
    peppol: z.string(),
    pl: z.string(),
    ob: z.string(),
  }),
  platformKeys: z.object({
    it: z.string(),
    peppol: z.string(),
    peppol_be: z.string(),
    pl: z.string(),
    ob: z.string(),
    common: z.string(),
    preservation: z.string(),
    stripe: z.string(),
    transfer: z.string(),
  }),
  sandbox: z.boolean(),
  demoLogins: z.array(demoLoginSchema).optional(),
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/dev/outbox` item (sandbox instances only). */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
