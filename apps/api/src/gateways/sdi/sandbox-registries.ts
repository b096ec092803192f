import type { RecipientCodeEntry, SdiRegistries } from './registries/index.ts';
import { createSdiRegistries, SEED_RECIPIENT_CODES } from './registries/index.ts';
import type { SdiDirectory } from './sdi-gateway.ts';

/** Recipient codes starting with FAIL make the sandbox's SDI channel fail (quarantena path). */
export const TRANSPORT_FAILURE_CODE = /^FAIL/i;

/**
 * Recipient codes starting with HOLD: the sandbox's SDI receives the file (marking 'sent') and
 * keeps it in its checks until an outcome is scripted, as a real SDI may for up to five days.
 * SDI answers a file once, with RC, MC or NS, so a rejection (NS) can only be rehearsed while it
 * holds the file; every other code is answered on its own a moment after transmission
 * (SANDBOX_DELAY_MS). A channel (HOLD001: the demo customer MARINO SERVIZI SRL) or a public
 * administration's office code (HOLDPA).
 */
export const HELD_AT_SDI_CODE = /^HOLD/i;

/** SDI's registry state for one check: the sandbox registries plus this instance's parties. */
export async function sandboxRegistries(directory: SdiDirectory): Promise<{
  registries: SdiRegistries;
  channelsOf: (vat: string) => string[];
}> {
  const parties = await directory.parties();
  const companies = await directory.companies();
  const ownCodes: RecipientCodeEntry[] = parties
    .filter((party) => party.recipientCode && /^[A-Z0-9]{7}$/.test(party.recipientCode))
    .filter((party) => !TRANSPORT_FAILURE_CODE.test(party.recipientCode ?? ''))
    // A seeded code keeps its registry entry (owner, reachability): the sandbox's fixtures.
    .filter((party) => !SEED_RECIPIENT_CODES.some((entry) => entry.code === party.recipientCode))
    .map((party) => ({
      code: party.recipientCode ?? '',
      status: 'active' as const,
      ...(party.vat ? { ownerVat: party.vat.replace(/^[A-Z]{2}/, '') } : {}),
      description: party.name ?? 'Fiscus',
      reachable: true,
    }));
  // SDI delivers a 0000000 invoice without PEC on the channel the buyer registered for its VAT.
  const channelsOf = (vat: string) =>
    [...SEED_RECIPIENT_CODES, ...ownCodes]
      .filter((entry) => entry.ownerVat === vat && entry.status === 'active' && entry.reachable)
      .map((entry) => entry.code);
  const registries = createSdiRegistries({
    taxpayers: [
      ...companies.map((company) => ({
        country: 'IT',
        code: company.fiscalId,
        name: company.name ?? '',
      })),
      ...parties.flatMap((party) =>
        [party.vat, party.fiscalId]
          .filter((id): id is string => Boolean(id))
          .map((id) => ({
            country: /^[A-Z]{2}\d/.test(id) ? id.slice(0, 2) : 'IT',
            code: /^[A-Z]{2}\d/.test(id) ? id.slice(2) : id,
            name: party.name ?? '',
          })),
      ),
    ],
    recipientCodes: ownCodes,
  });
  return { registries, channelsOf };
}
