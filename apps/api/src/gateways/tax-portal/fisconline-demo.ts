import { createHash, timingSafeEqual } from 'node:crypto';
import type { FisconlineCredentials } from './tax-portal-gateway.ts';

/**
 * The Fisconline credentials the sandbox portal accepts (README, "Tax portal sandbox"): a demo
 * holder's codice fiscale, password and 10-digit PIN. The sandbox refuses every other set, as the
 * real portal refuses wrong credentials.
 */
export const DEMO_FISCONLINE_CREDENTIALS: Readonly<FisconlineCredentials> = {
  codiceFiscale: 'RSSMRA80A01F205X',
  password: 'Fisconline.2026',
  pin: '1234567890',
};

/** Compares digests, so the time taken tells nothing about how much of a secret matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether `credentials` are the demo set (codice fiscale in any case, secrets exactly). */
export function isDemoFisconline(credentials: FisconlineCredentials): boolean {
  const demo = DEMO_FISCONLINE_CREDENTIALS;
  const codiceFiscale = sameSecret(
    credentials.codiceFiscale.trim().toUpperCase(),
    demo.codiceFiscale,
  );
  const password = sameSecret(credentials.password, demo.password);
  const pin = sameSecret(credentials.pin.trim(), demo.pin);
  return codiceFiscale && password && pin;
}
