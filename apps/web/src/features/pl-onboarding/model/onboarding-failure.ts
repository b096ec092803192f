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
  /** A refusal the page words by its code; `reason` is KSeF's own, when the API passed it on. */
  | { kind: 'known'; code: KnownRefusal; reason?: string }
  | { kind: 'detail'; text: string }
  | { kind: 'generic' };

/** The detail the API writes when it says nothing more than its violations. */
function violationsDetail(violations: readonly { propertyPath: string; message: string }[]) {
  return violations
    .map((violation) =>
      violation.propertyPath
        ? `${violation.propertyPath}: ${violation.message}`
        : violation.message,
    )
    .join('\n');
}

/**
 * The one failure a refused call shows (the first violation when there are several). A detail
 * that says more than the violations (KSeF's refusal of a signed file: its code and description)
 * comes along as the reason.
 */
export function failureOf(error: unknown): FailureText {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return { kind: 'generic' };
  const detail = error.problem.detail.trim();
  const saysMore =
    detail !== '' && detail !== violationsDetail(error.violations) && !codeOfMessage.has(detail);
  const reason = saysMore ? { reason: detail } : {};
  for (const violation of error.violations) {
    if (isKnownCode(violation.code)) return { kind: 'known', code: violation.code, ...reason };
    const code = codeOfMessage.get(violation.message);
    if (code) return { kind: 'known', code, ...reason };
  }
  const code = codeOfMessage.get(detail);
  if (code) return { kind: 'known', code };
  if (saysMore) return { kind: 'detail', text: detail };
  if (error.violations[0]) return { kind: 'detail', text: error.violations[0].message };
  return { kind: 'generic' };
}
