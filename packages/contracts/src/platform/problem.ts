import { z } from 'zod';

/** One failed validation rule, API Platform style; `propertyPath` is the snake_case field name. */
export const violationSchema = z.object({
  propertyPath: z.string(),
  message: z.string(),
  code: z.string(),
  propertyContent: z.unknown().optional(),
  /**
   * Invoice schema findings: a stable key (e.g. `schema.missingElement`) and its parameters, for
   * a client that words the problem itself, and the sentence in it, en and pl.
   */
  messageKey: z.string().optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  messages: z.object({ it: z.string(), en: z.string(), pl: z.string() }).optional(),
});
export type Violation = z.infer<typeof violationSchema>;

/** RFC 9457 problem document, sent as `application/problem+json` for every error. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  violations: z.array(violationSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Stable violation codes the API sends; the console may switch on them. */
export const violationCodes = {
  required: 'is_blank',
  tooShort: 'too_short',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  invalidType: 'invalid_type',
  invalidChoice: 'invalid_choice',
  notPositive: 'not_positive',
  notEqual: 'not_equal',
  alreadyUsed: 'already_used',
  notFound: 'not_found',
  invalidToken: 'invalid_token',
  invalid: 'invalid',
} as const;
export type ViolationCode = (typeof violationCodes)[keyof typeof violationCodes];
