import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ItBusinessRegistryConfigurationRow, UserRow } from '../../../db/schema/index.ts';
import {
  itApiConfigurationRegistries,
  itApiConfigurations,
  itBusinessRegistryConfigurations,
  itRegistrySubAccounts,
  users,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { registriesOfSubAccount } from '../../../platform/tenancy.ts';

export { registriesOfSubAccount };

const registries = itBusinessRegistryConfigurations;

export type RegistryWritable = Pick<
  ItBusinessRegistryConfigurationRow,
  | 'name'
  | 'email'
  | 'supplierInvoiceEnabled'
  | 'applySignature'
  | 'applyLegalStorage'
  | 'legalStorageActive'
  | 'receiptsEnabled'
  | 'phoneNumber'
  | 'receiptsAlertRecipients'
>;

export type RegistryWithLinks = ItBusinessRegistryConfigurationRow & {
  apiConfigurations: { uuid: string; event: string; targetUrl: string }[];
  subAccounts: string[];
};

/** Who is looking: the owning account, and for a sub-account its own id (it sees only its links). */
export type RegistryScope = ActingScope;

/**
 * Business registries (companies), owned by the business (`businessOf`); a sub-account's scope
 * narrows them to the registries linked to it, and each item carries its webhook and
 * sub-account links.
 */
export class BusinessRegistryConfigurationsRepository extends OwnedRepository<
  typeof registries,
  RegistryScope,
  RegistryWithLinks
> {
  constructor(db: Database) {
    super(db, {
      table: registries,
      owner: registries.ownerId,
      id: registries.uuid,
      updatedAt: registries.updatedAt,
      // Spec filters (camelCase) plus the snake_case names the console's lookups send.
      collection: {
        filters: {
          fiscalId: { kind: 'partial', column: registries.fiscalId },
          fiscal_id: { kind: 'partial', column: registries.fiscalId },
          email: { kind: 'partial', column: registries.email },
          name: { kind: 'partial', column: registries.name },
          supplierInvoiceEnabled: { kind: 'boolean', column: registries.supplierInvoiceEnabled },
          applySignature: { kind: 'boolean', column: registries.applySignature },
          applyLegalStorage: { kind: 'boolean', column: registries.applyLegalStorage },
          legalStorageActive: { kind: 'boolean', column: registries.legalStorageActive },
          receipts_enabled: { kind: 'boolean', column: registries.receiptsEnabled },
          receiptsEnabled: { kind: 'boolean', column: registries.receiptsEnabled },
        },
        order: {
          fiscalId: registries.fiscalId,
          name: registries.name,
          createdAt: registries.createdAt,
        },
        defaultOrder: [desc(registries.createdAt), asc(registries.uuid)],
      },
    });
  }

  protected override scoped(
    scope: RegistryScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    const visible =
      scope.subAccountId === null
        ? undefined
        : inArray(registries.uuid, registriesOfSubAccount(this.db, scope.subAccountId));
    return and(eq(registries.ownerId, scope.ownerId), visible, ...conditions);
  }

  async findByFiscalId(
    scope: RegistryScope,
    fiscalId: string,
  ): Promise<RegistryWithLinks | undefined> {
    const [row] = await this.db
      .select()
      .from(registries)
      .where(this.scoped(scope, eq(registries.fiscalId, fiscalId)));
    return row ? (await this.withDetails([row]))[0] : undefined;
  }

  /** The owner's api-configuration uuids among `uuids` (foreign or unknown ones are absent). */
  async ownedApiConfigurationUuids(ownerId: string, uuids: string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const rows = await this.db
      .select({ uuid: itApiConfigurations.uuid })
      .from(itApiConfigurations)
      .where(
        and(eq(itApiConfigurations.ownerId, ownerId), inArray(itApiConfigurations.uuid, uuids)),
      );
    return new Set(rows.map((row) => row.uuid));
  }

  /** Which of `uuids` are restricted to one registry alone (unlinking it widens them). */
  async withOneLink(uuids: string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const links = itApiConfigurationRegistries;
    const rows = await this.db
      .select({ uuid: links.apiConfigurationUuid, registries: count() })
      .from(links)
      .where(inArray(links.apiConfigurationUuid, uuids))
      .groupBy(links.apiConfigurationUuid);
    return new Set(rows.filter((row) => row.registries === 1).map((row) => row.uuid));
  }

  /**
   * Creates (uuid undefined) or updates a registry and, when given, replaces its webhook links;
   * one transaction, so a conflict leaves nothing half-written. Undefined on a fiscal id clash.
   */
  async save(
    ownerId: string,
    target: { create: string } | { uuid: string },
    values: RegistryWritable,
    apiConfigurationUuids: string[] | undefined,
  ): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      let uuid: string | undefined;
      if ('create' in target) {
        const [row] = await tx
          .insert(registries)
          .values({ ...values, ownerId, fiscalId: target.create })
          .onConflictDoNothing()
          .returning({ uuid: registries.uuid });
        uuid = row?.uuid;
      } else {
        const [row] = await tx
          .update(registries)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(registries.ownerId, ownerId), eq(registries.uuid, target.uuid)))
          .returning({ uuid: registries.uuid });
        uuid = row?.uuid;
      }
      if (uuid && apiConfigurationUuids !== undefined) {
        await tx
          .delete(itApiConfigurationRegistries)
          .where(eq(itApiConfigurationRegistries.registryUuid, uuid));
        if (apiConfigurationUuids.length > 0) {
          await tx
            .insert(itApiConfigurationRegistries)
            .values(
              apiConfigurationUuids.map((apiConfigurationUuid) => ({
                apiConfigurationUuid,
                registryUuid: uuid,
              })),
            )
            .onConflictDoNothing();
        }
      }
      return uuid;
    });
  }

  async updateReceiptSettings(
    ownerId: string,
    uuid: string,
    settings: { receiptsAlertRecipients: string[]; phoneNumber: string | null },
  ): Promise<void> {
    await this.db
      .update(registries)
      .set({ ...settings, updatedAt: new Date() })
      .where(and(eq(registries.ownerId, ownerId), eq(registries.uuid, uuid)));
  }

  /** A sub-account of `managerId` by email (emails are stored lower-cased). */
  async findSubAccount(managerId: string, email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.parentId, managerId), eq(users.email, email.trim().toLowerCase())));
    return row;
  }

  async subAccountsOf(registryUuid: string): Promise<UserRow[]> {
    return this.db
      .select({ user: users })
      .from(itRegistrySubAccounts)
      .innerJoin(users, eq(users.id, itRegistrySubAccounts.subAccountId))
      .where(eq(itRegistrySubAccounts.registryUuid, registryUuid))
      .orderBy(asc(users.email))
      .then((rows) => rows.map((row) => row.user));
  }

  async registriesOfSubAccount(
    ownerId: string,
    subAccountId: string,
  ): Promise<RegistryWithLinks[]> {
    const rows = await this.db
      .select({ registry: registries })
      .from(itRegistrySubAccounts)
      .innerJoin(registries, eq(registries.uuid, itRegistrySubAccounts.registryUuid))
      .where(
        and(eq(itRegistrySubAccounts.subAccountId, subAccountId), eq(registries.ownerId, ownerId)),
      )
      .orderBy(asc(registries.fiscalId));
    return this.withDetails(rows.map((row) => row.registry));
  }

  async link(registryUuid: string, subAccountId: string): Promise<void> {
    await this.db
      .insert(itRegistrySubAccounts)
      .values({ registryUuid, subAccountId })
      .onConflictDoNothing();
  }

  async unlink(registryUuid: string, subAccountId: string): Promise<boolean> {
    const rows = await this.db
      .delete(itRegistrySubAccounts)
      .where(
        and(
          eq(itRegistrySubAccounts.registryUuid, registryUuid),
          eq(itRegistrySubAccounts.subAccountId, subAccountId),
        ),
      )
      .returning({ uuid: itRegistrySubAccounts.registryUuid });
    return rows.length > 0;
  }

  /** Each registry with its webhook configurations and linked sub-accounts. */
  protected override async withDetails(
    rows: ItBusinessRegistryConfigurationRow[],
  ): Promise<RegistryWithLinks[]> {
    if (rows.length === 0) return [];
    const uuids = rows.map((row) => row.uuid);
    const [webhooks, subAccounts] = await Promise.all([
      this.db
        .select({
          registryUuid: itApiConfigurationRegistries.registryUuid,
          uuid: itApiConfigurations.uuid,
          event: itApiConfigurations.event,
          targetUrl: itApiConfigurations.targetUrl,
        })
        .from(itApiConfigurationRegistries)
        .innerJoin(
          itApiConfigurations,
          eq(itApiConfigurations.uuid, itApiConfigurationRegistries.apiConfigurationUuid),
        )
        .where(inArray(itApiConfigurationRegistries.registryUuid, uuids))
        .orderBy(asc(itApiConfigurations.createdAt)),
      this.db
        .select({ registryUuid: itRegistrySubAccounts.registryUuid, email: users.email })
        .from(itRegistrySubAccounts)
        .innerJoin(users, eq(users.id, itRegistrySubAccounts.subAccountId))
        .where(inArray(itRegistrySubAccounts.registryUuid, uuids))
        .orderBy(asc(users.email)),
    ]);
    return rows.map((row) => ({
      ...row,
      apiConfigurations: webhooks
        .filter((w) => w.registryUuid === row.uuid)
        .map(({ uuid, event, targetUrl }) => ({ uuid, event, targetUrl })),
      subAccounts: subAccounts.filter((s) => s.registryUuid === row.uuid).map((s) => s.email),
    }));
  }
}
