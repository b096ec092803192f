/**
 * The SML's DNS name of a participant (Peppol SML specification 1.3 and Policy for use of
 * Identifiers 4.4, POLICY 7): the SHA-256 of the lower-cased identifier (`0088:123abc`), in
 * RFC 4648 base32 without padding, lower-cased, then the scheme and the SML zone:
 * `<hash>.iso6523-actorid-upis.<zone>`. A lookup resolves that name's U-NAPTR record to the
 * participant's SMP. Node only (node:crypto).
 */
import { createHash } from 'node:crypto';
import { PARTICIPANT_SCHEME } from './participant-identifiers.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32, lower case, without padding. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let buffer = 0;
  let out = '';
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The hashed label of a participant (`0088:123abc` → `y7dzfx…`). */
export function participantHash(participantId: string): string {
  return base32(createHash('sha256').update(participantId.trim().toLowerCase(), 'utf8').digest());
}

/** The participant's SML DNS name in `zone` (no trailing dot). */
export function smlHostName(participantId: string, zone: string): string {
  return `${participantHash(participantId)}.${PARTICIPANT_SCHEME}.${zone.replace(/\.$/, '')}`;
}
