import { and, count, eq, exists, inArray, notExists, notInArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ItApiConfigurationRow } from '../../../db/schema/index.ts';
import {
  itApiConfigurationRegistries,
  itApiConfigurations,
  itBusinessRegistryConfigurations,
  itRegistrySubAccounts,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionQuery } from '../../../platform/hydra.ts';
import type { ConfigurationScope } from './configuration-access.ts';

const configurationLinks = itApiConfigurationRegistries;

export type ApiConfigurationWritable = Pick<
  ItApiConfigurationRow,
  'event' | 'targetUrl' | 'authenticationType' | 'authenticationKey' | 'authenticationToken'
>;
export type ApiConfigurationWithRegistries = ItApiConfigurationRow & { fiscalIds: string[] };

export class ApiConfigurationsRepository {
  constructor(private readonly db: Database) {}

  /** Registry uuids linked to a sub-account (the SQL of a subquery). */
  private registriesOfSubAccount(subAccountId: string) {
    return this.db
      .select({ uuid: itRegistrySubAccounts.registryUuid })
      .from(itRegistrySubAccounts)
      .where(eq(itRegistrySubAccounts.subAccountId, subAccountId));
  }

  /**
   * The owner's configurations the scope may see. A sub-account sees a configuration only when
   * it is restricted to registries and every one of them is linked to the sub-account: one
   * without links fires for all the owner's companies, and one also linked to another company
   * would let the sub-account redirect that company's events.
   */
  private scoped(scope: ConfigurationScope, ...conditions: (SQL | undefined)[]): SQL | undefined {
    const visible =
      scope.subAccountId === null
        ? undefined
        : and(
            exists(
              this.db
                .select({ one: configurationLinks.registryUuid })
                .from(configurationLinks)
                .where(eq(configurationLinks.apiConfigurationUuid, itApiConfigurations.uuid)),
            ),
            notExists(
              this.db
                .select({ one: configurationLinks.registryUuid })
                .from(configurationLinks)
                .where(
                  and(
                    eq(configurationLinks.apiConfigurationUuid, itApiConfigurations.uuid),
                    notInArray(
                      configurationLinks.registryUuid,
                      this.registriesOfSubAccount(scope.subAccountId),
                    ),
                  ),
                ),
            ),
          );
    return and(eq(itApiConfigurations.ownerId, scope.ownerId), visible, ...conditions);
  }

  async list(
    scope: ConfigurationScope,
    query: CollectionQuery,
  ): Promise<{ items: ApiConfigurationWithRegistries[]; total: number }> {
    const where = this.scoped(scope, query.where);
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(itApiConfigurations)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset),
      this.db.select({ total: count() }).from(itApiConfigurations).where(where),
    ]);
    return { items: await this.withRegistries(rows), total: totalRow?.total ?? 0 };
  }

  /** Which of `uuids` the scope may see (and so link or change). */
  async visibleUuids(scope: ConfigurationScope, uuids: string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const rows = await this.db
      .select({ uuid: itApiConfigurations.uuid })
      .from(itApiConfigurations)
      .where(this.scoped(scope, inArray(itApiConfigurations.uuid, uuids)));
    return new Set(rows.map((row) => row.uuid));
  }

  async findOwned(
    scope: ConfigurationScope,
    uuid: string,
  ): Promise<ApiConfigurationWithRegistries | undefined> {
    const [row] = await this.db
      .select()
      .from(itApiConfigurations)
      .where(this.scoped(scope, eq(itApiConfigurations.uuid, uuid)));
    return row ? (await this.withRegistries([row]))[0] : undefined;
  }

  /**
   * Registry uuids by fiscal id among those the scope may link (a sub-account: only registries
   * linked to it); unknown or foreign ids are simply absent.
   */
  async registryUuidsByFiscalId(
    scope: ConfigurationScope,
    fiscalIds: string[],
  ): Promise<Map<string, string>> {
    if (fiscalIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        uuid: itBusinessRegistryConfigurations.uuid,
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
      })
      .from(itBusinessRegistryConfigurations)
      .where(
        and(
          eq(itBusinessRegistryConfigurations.ownerId, scope.ownerId),
          inArray(itBusinessRegistryConfigurations.fiscalId, fiscalIds),
          scope.subAccountId === null
            ? undefined
            : inArray(
                itBusinessRegistryConfigurations.uuid,
                this.registriesOfSubAccount(scope.subAccountId),
              ),
        ),
      );
    return new Map(rows.map((row) => [row.fiscalId, row.uuid]));
  }

  /** Insert or update plus the registry links, in one transaction so a failure writes nothing. */
  async save(
    ownerId: string,
    uuid: string | undefined,
    values: ApiConfigurationWritable,
    registryUuids: string[],
  ): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      let savedUuid: string | undefined;
      if (uuid === undefined) {
        const [row] = await tx
          .insert(itApiConfigurations)
          .values({ ...values, ownerId })
          .returning({ uuid: itApiConfigurations.uuid });
        savedUuid = row?.uuid;
      } else {
        const [row] = await tx
          .update(itApiConfigurations)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(itApiConfigurations.ownerId, ownerId), eq(itApiConfigurations.uuid, uuid)))
          .returning({ uuid: itApiConfigurations.uuid });
        savedUuid = row?.uuid;
        if (savedUuid) {
          await tx
            .delete(itApiConfigurationRegistries)
            .where(eq(itApiConfigurationRegistries.apiConfigurationUuid, savedUuid));
        }
      }
      if (savedUuid && registryUuids.length > 0) {
        await tx
          .insert(itApiConfigurationRegistries)
          .values(
            registryUuids.map((registryUuid) => ({
              apiConfigurationUuid: savedUuid,
              registryUuid,
            })),
          )
          .onConflictDoNothing();
      }
      return savedUuid;
    });
  }

  async delete(scope: ConfigurationScope, uuid: string): Promise<boolean> {
    const rows = await this.db
      .delete(itApiConfigurations)
      .where(this.scoped(scope, eq(itApiConfigurations.uuid, uuid)))
      .returning({ uuid: itApiConfigurations.uuid });
    return rows.length > 0;
  }

  private async withRegistries(
    rows: ItApiConfigurationRow[],
  ): Promise<ApiConfigurationWithRegistries[]> {
    if (rows.length === 0) return [];
    const links = await this.db
      .select({
        apiConfigurationUuid: itApiConfigurationRegistries.apiConfigurationUuid,
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
      })
      .from(itApiConfigurationRegistries)
      .innerJoin(
        itBusinessRegistryConfigurations,
        eq(itBusinessRegistryConfigurations.uuid, itApiConfigurationRegistries.registryUuid),
      )
      .where(
        inArray(
          itApiConfigurationRegistries.apiConfigurationUuid,
          rows.map((r) => r.uuid),
        ),
      )
      .orderBy(itBusinessRegistryConfigurations.fiscalId);
    return rows.map((row) => ({
      ...row,
      fiscalIds: links.filter((l) => l.apiConfigurationUuid === row.uuid).map((l) => l.fiscalId),
    }));
  }
}
