/**
 * Peppol participant identifiers (`iso6523-actorid-upis`), checked as the network checks them:
 * the ICD scheme must be one of the official code list (v9.7, `codelists/`), in the state it has
 * there (`active`; `deprecated` still reachable; `removed` no longer registrable), the value must
 * match the pattern the list gives for the scheme and carry the right check digit where the list
 * names an algorithm. Values are case-insensitive (Peppol Policy for use of Identifiers, POLICY 2).
 * Browser-safe: the console checks what the user types with the same code.
 */
import { isValidCodiceFiscale, isValidPartitaIva } from '@fiscus/fatturapa/fields';
import schemes from './codelists/participant-identifier-schemes-v9.7.json' with { type: 'json' };
import { belgianMod97Valid, gs1Valid, luhnValid, mod11Valid } from './check-digits.ts';

/** The participant identifier scheme of every Peppol participant. */
export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';

/** Longest participant identifier value (scheme code, colon and value; PFUOI POLICY 1). */
export const PARTICIPANT_VALUE_MAX_LENGTH = 50;

export type SchemeState = 'active' | 'deprecated' | 'removed';

export interface ParticipantScheme {
  /** The ISO 6523 ICD, e.g. `0208`. */
  icd: string;
  /** The code list's short name, e.g. `BE:EN`. */
  schemeId: string;
  name: string;
  country: string;
  state: SchemeState;
  /** The value pattern of the code list's validation rules, anchored; undefined when none. */
  pattern: RegExp | undefined;
}

type CodeListEntry = {
  iso6523: string;
  schemeid: string;
  'scheme-name': string;
  country: string;
  state: string;
  'validation-rules'?: string;
};

/**
 * The code list's `RegEx:` line as a JavaScript pattern: anchored, case-insensitive, `{,n}`
 * written `{0,n}`. Undefined when there is none, or when it is not one JavaScript reads. The
 * patterns are character classes with bounded repeats, and values are at most 50 characters.
 */
function patternOf(rules: string | undefined): RegExp | undefined {
  const line = rules?.split('\n').find((entry) => entry.startsWith('RegEx:'));
  if (!line) return undefined;
  const source = line.slice('RegEx:'.length).trim().replaceAll('{,', '{0,');
  try {
    return new RegExp(`^(?:${source})$`, 'i');
  } catch {
    return undefined;
  }
}

const SCHEMES: ReadonlyMap<string, ParticipantScheme> = new Map(
  (schemes.values as CodeListEntry[]).map((entry) => [
    entry.iso6523,
    {
      icd: entry.iso6523,
      schemeId: entry.schemeid,
      name: entry['scheme-name'],
      country: entry.country,
      state: entry.state as SchemeState,
      pattern: patternOf(entry['validation-rules']),
    },
  ]),
);

/** The code list's version the checks follow. */
export const PARTICIPANT_SCHEMES_VERSION: string = schemes.version;

export function participantScheme(icd: string): ParticipantScheme | undefined {
  return SCHEMES.get(icd);
}

export function participantSchemes(): ParticipantScheme[] {
  return [...SCHEMES.values()];
}

/**
 * The check digit of a value, for the schemes whose algorithm the code list names and this
 * module knows; true for the others (their pattern is all the list asks).
 */
function checkDigitValid(icd: string, value: string): boolean {
  const upper = value.toUpperCase();
  switch (icd) {
    case '0002':
    case '0007':
      return luhnValid(upper);
    case '0088':
      return gs1Valid(upper);
    case '0192':
      return mod11Valid(upper, [3, 2, 7, 6, 5, 4, 3, 2]);
    case '9909':
      return mod11Valid(upper.slice(2, 11), [3, 2, 7, 6, 5, 4, 3, 2]);
    case '0208':
      return belgianMod97Valid(upper);
    case '9925':
      return /^BE[01]\d{9}$/.test(upper) && belgianMod97Valid(upper.slice(2));
    case '0211':
    case '9906':
      return isValidPartitaIva(upper.slice(2));
    case '0210':
    case '9907':
      return isValidCodiceFiscale(upper);
    default:
      return true;
  }
}

export type ParticipantProblem =
  'malformed' | 'too_long' | 'unknown_scheme' | 'removed_scheme' | 'pattern' | 'check_digit';

export interface ParticipantIdentifier {
  /** Always `iso6523-actorid-upis`. */
  scheme: string;
  icd: string;
  /** As written (values compare case-insensitively). */
  value: string;
  /** `0208:0123456749`: what the SMP, the SML and the directory name it by. */
  id: string;
}

export type ParticipantCheck =
  | { ok: true; participant: ParticipantIdentifier; schemeInfo: ParticipantScheme }
  | { ok: false; problem: ParticipantProblem; participant?: ParticipantIdentifier };

const ICD = /^\d{4}$/;

/**
 * Reads `0208:0123456749` or `iso6523-actorid-upis::0208:0123456749` and checks it. A removed
 * scheme is refused (no new registration may use it); a deprecated one passes.
 */
export function checkParticipantId(text: string): ParticipantCheck {
  const trimmed = text.trim();
  const withoutScheme = trimmed.toLowerCase().startsWith(`${PARTICIPANT_SCHEME}::`)
    ? trimmed.slice(PARTICIPANT_SCHEME.length + 2)
    : trimmed;
  if (withoutScheme.length > PARTICIPANT_VALUE_MAX_LENGTH)
    return { ok: false, problem: 'too_long' };
  const colon = withoutScheme.indexOf(':');
  const icd = withoutScheme.slice(0, colon);
  const value = withoutScheme.slice(colon + 1);
  // No blank, control or space character anywhere in the value.
  const blank = [...value].some((char) => (char.codePointAt(0) ?? 0) <= 0x20);
  if (colon < 0 || !ICD.test(icd) || value === '' || blank) {
    return { ok: false, problem: 'malformed' };
  }
  const participant = { scheme: PARTICIPANT_SCHEME, icd, value, id: `${icd}:${value}` };
  const schemeInfo = SCHEMES.get(icd);
  if (!schemeInfo) return { ok: false, problem: 'unknown_scheme', participant };
  if (schemeInfo.state === 'removed') return { ok: false, problem: 'removed_scheme', participant };
  if (schemeInfo.pattern && !schemeInfo.pattern.test(value)) {
    return { ok: false, problem: 'pattern', participant };
  }
  if (!checkDigitValid(icd, value)) return { ok: false, problem: 'check_digit', participant };
  return { ok: true, participant, schemeInfo };
}

/** Two participant identifiers name the same participant (values are case-insensitive). */
export function sameParticipant(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
