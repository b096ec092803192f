import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  itBusinessRegistryConfigurations,
  itTaxPortalConsents,
  itTaxPortalCredentials,
} from '../../../db/schema/index.ts';
import type { ItTaxPortalCredentialsRow } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

/** A consent link still usable, with the registry it sets credentials for. */
export type OpenConsent = {
  registryUuid: string;
  ownerId: string;
  fiscalId: string;
  name: string | null;
  expiresAt: Date;
};

/**
 * The tax drawer's tables: a registry's sealed Fisconline credentials (owned through the
 * registry, so by the business) and the consent links of the interactive set-up. Every read by a
 * registry uuid comes after the service found the registry in the actor's scope.
 */
export class TaxDrawerRepository {
  constructor(private readonly db: Database) {}

  async credentialsOf(registryUuid: string): Promise<ItTaxPortalCredentialsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itTaxPortalCredentials)
      .where(eq(itTaxPortalCredentials.registryUuid, registryUuid));
    return row;
  }

  /** The sealed credentials of an owner's registry named by fiscal id (the download job's read). */
  async credentialsByFiscalId(
    ownerId: string,
    fiscalId: string,
  ): Promise<ItTaxPortalCredentialsRow | undefined> {
    const [row] = await this.db
      .select({ credentials: itTaxPortalCredentials })
      .from(itTaxPortalCredentials)
      .innerJoin(
        itBusinessRegistryConfigurations,
        eq(itBusinessRegistryConfigurations.uuid, itTaxPortalCredentials.registryUuid),
      )
      .where(
        and(
          eq(itBusinessRegistryConfigurations.ownerId, ownerId),
          eq(itBusinessRegistryConfigurations.fiscalId, fiscalId),
        ),
      );
    return row?.credentials;
  }

  async saveCredentials(values: {
    registryUuid: string;
    ownerId: string;
    sealed: string;
    source: 'form' | 'interactive';
    setAt: Date;
  }): Promise<ItTaxPortalCredentialsRow> {
    const [row] = await this.db
      .insert(itTaxPortalCredentials)
      .values(values)
      .onConflictDoUpdate({
        target: itTaxPortalCredentials.registryUuid,
        set: { sealed: values.sealed, source: values.source, setAt: values.setAt },
      })
      .returning();
    if (!row) throw new Error('tax portal credentials not saved');
    return row;
  }

  async createConsent(values: {
    tokenHash: string;
    registryUuid: string;
    ownerId: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(itTaxPortalConsents).values(values);
  }

  /** The consent link if it is neither used nor expired at `now`. */
  async openConsent(tokenHash: string, now: Date): Promise<OpenConsent | undefined> {
    const [row] = await this.db
      .select({
        registryUuid: itTaxPortalConsents.registryUuid,
        ownerId: itTaxPortalConsents.ownerId,
        expiresAt: itTaxPortalConsents.expiresAt,
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
        name: itBusinessRegistryConfigurations.name,
      })
      .from(itTaxPortalConsents)
      .innerJoin(
        itBusinessRegistryConfigurations,
        eq(itBusinessRegistryConfigurations.uuid, itTaxPortalConsents.registryUuid),
      )
      .where(
        and(
          eq(itTaxPortalConsents.tokenHash, tokenHash),
          isNull(itTaxPortalConsents.usedAt),
          gt(itTaxPortalConsents.expiresAt, now),
        ),
      );
    return row;
  }

  /**
   * Spends the link and stores the credentials in one transaction: of two submissions at once,
   * one stores and the other finds the link spent (false, nothing written).
   */
  async spendConsent(
    tokenHash: string,
    now: Date,
    credentials: { registryUuid: string; ownerId: string; sealed: string },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const spent = await tx
        .update(itTaxPortalConsents)
        .set({ usedAt: now })
        .where(
          and(
            eq(itTaxPortalConsents.tokenHash, tokenHash),
            isNull(itTaxPortalConsents.usedAt),
            gt(itTaxPortalConsents.expiresAt, now),
          ),
        )
        .returning({ tokenHash: itTaxPortalConsents.tokenHash });
      if (spent.length === 0) return false;
      await new TaxDrawerRepository(tx).saveCredentials({
        ...credentials,
        source: 'interactive',
        setAt: now,
      });
      return true;
    });
  }
}
