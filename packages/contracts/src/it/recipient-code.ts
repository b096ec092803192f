import { z } from 'zod';

/** `GET /api/it/users/me/recipient-code`: the SDI recipient code (codice destinatario). */
export const recipientCodeResponseSchema = z.object({ recipient_code: z.string().nullable() });
export type RecipientCodeResponse = z.infer<typeof recipientCodeResponseSchema>;
