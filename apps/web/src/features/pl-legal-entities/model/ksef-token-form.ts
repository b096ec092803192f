/** The KSeF token form (spec 5: "Token form (mode 2): authorizationToken required"). */
import { z } from 'zod';
import { legalEntityMessages } from './legal-entity-form';

/** The API's own limit on a token (`plKsefTokenRequestSchema`). */
export const TOKEN_MAX_LENGTH = 512;

export const ksefTokenFormSchema = z.object({
  authorizationToken: z
    .string()
    .trim()
    .min(1, { error: legalEntityMessages.notBlank })
    .max(TOKEN_MAX_LENGTH, { error: legalEntityMessages.tooLong }),
});
export type KsefTokenFormValues = z.output<typeof ksefTokenFormSchema>;
