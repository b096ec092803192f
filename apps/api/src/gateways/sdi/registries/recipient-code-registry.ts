import { DEMO_CUSTOMERS, DEMO_HELD_CUSTOMER } from './demo-parties.ts';

/** Status of a codice destinatario in SDI's channel registry. */
export type ChannelStatus = 'active' | 'inactive';

/** A 7-character codice destinatario: an accredited SDI channel (SdICoop, SFTP, intermediary). */
export interface RecipientCodeEntry {
  code: string;
  status: ChannelStatus;
  /** Partita IVA of the subject the channel belongs to. */
  ownerVat?: string;
  description: string;
  pec?: string;
  /**
   * Whether SDI can deliver on this channel right now; false makes the sandbox answer MC
   * (NotificaMancataConsegna) instead of RC, as when the recipient's endpoint is down.
   */
  reachable: boolean;
}

/** What SDI does with a codice destinatario. */
export type RecipientCodeMeaning =
  /** An accredited channel, see `entry`. */
  | { kind: 'channel'; entry: RecipientCodeEntry }
  /**
   * 0000000: no channel; SDI delivers to PECDestinatario when given, otherwise the invoice is
   * left in the recipient's reserved area and the transmitter gets MC.
   */
  | { kind: 'pec-or-reserved-area' }
  /** XXXXXXX: invoice to a foreign buyer, only transmitted for the data communication. */
  | { kind: 'foreign-buyer' }
  /** A 6-character code: an IPA office, see the IPA registry. */
  | { kind: 'ipa-office' }
  /** A 7-character code nobody registered (00311). */
  | { kind: 'unknown' };

export const NO_CHANNEL_CODE = '0000000';
export const FOREIGN_BUYER_CODE = 'XXXXXXX';

/**
 * ABC1234 is the code of the official FPR samples (buyer 09876543210); INA…/UNR0001 let tests and
 * demos reach 00312 (inactive) and MC (unreachable); then the demo customers' channels, with
 * HOLD001, whose files the sandbox's SDI holds until an outcome is scripted.
 */
export const SEED_RECIPIENT_CODES: readonly RecipientCodeEntry[] = [
  {
    code: 'ABC1234',
    status: 'active',
    ownerVat: '09876543210',
    description: 'DITTA BETA',
    reachable: true,
  },
  { code: 'INA0001', status: 'inactive', description: 'Canale cessato', reachable: false },
  { code: 'INA0002', status: 'inactive', description: 'Canale sospeso', reachable: false },
  {
    code: 'UNR0001',
    status: 'active',
    ownerVat: '09876543210',
    description: 'Canale non raggiungibile',
    reachable: false,
  },
  // The demo customers' channels (the FAIL… one never reaches SDI: no entry).
  ...[...DEMO_CUSTOMERS, DEMO_HELD_CUSTOMER]
    .filter((customer) => !customer.recipientCode.startsWith('FAIL'))
    .map((customer): RecipientCodeEntry => ({
      code: customer.recipientCode,
      status: 'active',
      ownerVat: customer.vat,
      description: customer.name,
      reachable: customer.reachable,
    })),
];

export interface RecipientCodeRegistry {
  find(code: string): RecipientCodeEntry | undefined;
  meaning(code: string): RecipientCodeMeaning;
  /** SdiState.recipientCode: status of a 7-character code (00311 unknown, 00312 inactive). */
  status(code: string): 'active' | 'inactive' | 'unknown';
}

/** Seed data plus `extra` codes (e.g. the instance's own recipient codes from the DB). */
export function createRecipientCodeRegistry(
  extra: Iterable<RecipientCodeEntry> = [],
): RecipientCodeRegistry {
  const entries = new Map<string, RecipientCodeEntry>();
  for (const entry of [...SEED_RECIPIENT_CODES, ...extra])
    entries.set(entry.code.toUpperCase(), entry);
  const find = (code: string): RecipientCodeEntry | undefined =>
    entries.get(code.trim().toUpperCase());
  return {
    find,
    meaning(code) {
      const value = code.trim().toUpperCase();
      if (value === NO_CHANNEL_CODE) return { kind: 'pec-or-reserved-area' };
      if (value === FOREIGN_BUYER_CODE) return { kind: 'foreign-buyer' };
      if (value.length === 6) return { kind: 'ipa-office' };
      const entry = find(value);
      return entry ? { kind: 'channel', entry } : { kind: 'unknown' };
    },
    status(code) {
      const value = code.trim().toUpperCase();
      // The two special codes are always valid; their own rules (00313, 00426) live elsewhere.
      if (value === NO_CHANNEL_CODE || value === FOREIGN_BUYER_CODE) return 'active';
      return find(value)?.status ?? 'unknown';
    },
  };
}
