/** What every part of the sandbox works with: its database, clock, keys and settings. */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../platform/db/database.ts';
import type { SandboxKeys } from './keys.ts';

export type KsefEnvironment = 'TE' | 'DEMO' | 'PRD';

export type SandboxTimings = {
  /** From receipt to the KSeF number (and the verdict); 0: at the first read. */
  numberDelayMs: number;
  /** From the KSeF number (an invoice's UPO) or the session's close (its UPO) to the UPO. */
  upoDelayMs: number;
  /** How long an online session stays open before KSeF closes it (12 h in KSeF). */
  sessionValidityMs: number;
};

export type SandboxDeps = {
  db: Database;
  clock: () => Date;
  keys: SandboxKeys;
  timings: SandboxTimings;
  environment: KsefEnvironment;
  /** Where the sandbox's HTTP face answers (`…/api/ksef-sandbox/v2`): UPO download links. */
  apiUrl: string;
  /** NIPs for which KSeF is "down" (scripted: session opening and sending answer 503). */
  unavailableNips: ReadonlySet<string>;
};

/** Tokens are random and kept only as their SHA-256 (enough for 256 random bits). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** An opaque bearer token: 256 random bits, Base64URL. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function plusMs(instant: Date, ms: number): Date {
  return new Date(instant.getTime() + ms);
}
