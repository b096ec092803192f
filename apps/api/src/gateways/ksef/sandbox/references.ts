/*
 * KSeF's reference numbers: `YYYYMMDD-TT-XXXXXXXXXX-XXXXXXXXXX-CC`, 36 characters (the
 * OpenAPI's `ReferenceNumber`), e.g. `20250625-SO-2C3E6C8000-B675CF5D68-07`. TT says what it
 * names (CR challenge, AU authentication, EC KSeF token, SO online session, EE invoice, EU UPO,
 * EH certificate enrollment, as in the Ministry's examples). KSeF does not document its check
 * part: the sandbox puts the CRC-8 of the rest there, as in KSeF numbers. Random parts come from
 * the CSPRNG, so several processes draw them without asking each other.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ksefCrc8 } from '@fiscus/ksef';
import { warsawDay } from './warsaw.ts';

export type ReferenceKind = 'CR' | 'AU' | 'EC' | 'SO' | 'EE' | 'EU' | 'EH';

function assemble(day: string, kind: ReferenceKind, hex20: string): string {
  const body = `${day}-${kind}-${hex20.slice(0, 10)}-${hex20.slice(10, 20)}`;
  return `${body}-${ksefCrc8(body)}`;
}

/** A fresh reference number of the kind, dated on the Warsaw day of `now`. */
export function newReference(kind: ReferenceKind, now: Date): string {
  return assemble(warsawDay(now), kind, randomBytes(10).toString('hex').toUpperCase());
}

/** A reference number derived from another (a session's UPO page from its session): stable. */
export function derivedReference(kind: ReferenceKind, from: string): string {
  const hex = createHash('sha256').update(`${kind}:${from}`).digest('hex').toUpperCase();
  return assemble(from.slice(0, 8), kind, hex);
}

const REFERENCE = /^\d{8}-[A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/;

export function isReference(text: string): boolean {
  return REFERENCE.test(text);
}
