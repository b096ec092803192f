import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the library's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

/** argon2id with the library's OWASP-aligned defaults (19 MiB, 2 passes). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verifying against this when the account does not exist keeps the login's timing the same, so
// response time does not reveal which emails are registered.
const decoyHash = hashPassword('decoy password that never matches');

export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}
