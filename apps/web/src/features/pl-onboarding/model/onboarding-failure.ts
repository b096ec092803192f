/**
 * What the page says of a refused call (spec 8: "Onboarding failures: 'onboard.error.generic'"):
 * the API's refusal worded by its code when the page knows it (a tampered file, the wrong NIP,
 * an expired session…), else the server's detail as sent, else the generic message.
 */
import { LEGAL_ENTITY_MESSAGES } from './contract-codes';
import { isApiError } from '../../../lib/hydra';

export type KnownRefusal = keyof typeof LEGAL_ENTITY_MESSAGES;

const codeOfMessage = new Map<string, KnownRefusal>(
  Object.entries(LEGAL_ENTITY_MESSAGES).map(([code, message]) => [message, code as KnownRefusal]),
);

function isKnownCode(code: string | undefined): code is KnownRefusal {
  return code !== undefined && code in LEGAL_ENTITY_MESSAGES;
}

export type FailureText =
  { kind: 'known'; code: KnownRefusal } | { kind: 'detail'; text: string } | { kind: 'generic' };

/** The one failure a refused call shows (the first violation when there are several). */
export function failureOf(error: unknown): FailureText {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return { kind: 'generic' };
  for (const violation of error.violations) {
    if (isKnownCode(violation.code)) return { kind: 'known', code: violation.code };
    const code = codeOfMessage.get(violation.message);
    if (code) return { kind: 'known', code };
  }
  const detail = error.problem.detail.trim();
  const code = codeOfMessage.get(detail);
  if (code) return { kind: 'known', code };
  if (error.violations[0]) return { kind: 'detail', text: error.violations[0].message };
  return detail ? { kind: 'detail', text: detail } : { kind: 'generic' };
}
