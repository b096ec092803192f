import { and, asc, desc, eq, exists, inArray, notExists, notInArray, notLike } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ItApiConfigurationRow } from '../../../db/schema/index.ts';
import {
  itApiConfigurationRegistries,
  itApiConfigurations,
  itBusinessRegistryConfigurations,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import { registriesOfSubAccount } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import type { ConfigurationScope } from './configuration-access.ts';

const configurationLinks = itApiConfigurationRegistries;

export type ApiConfigurationWritable = Pick<
  ItApiConfigurationRow,
  'event' | 'targetUrl' | 'authenticationType' | 'authenticationKey' | 'authenticationToken'
>;
export type ApiConfigurationWithRegistries = ItApiConfigurationRow & { fiscalIds: string[] };

/**
 * Webhook configurations, owned by the business (`businessOf`); a sub-account's scope narrows
 * them to its registries (`scoped`), and each item carries its registries' fiscal ids.
 */
export class ApiConfigurationsRepository extends OwnedRepository<
  typeof itApiConfigurations,
  ConfigurationScope,
  ApiConfigurationWithRegistries
> {
  constructor(db: Database) {
    super(db, {
      table: itApiConfigurations,
      owner: itApiConfigurations.ownerId,
      id: itApiConfigurations.uuid,
      updatedAt: itApiConfigurations.updatedAt,
      collection: {
        filters: {
          target_url: { kind: 'partial', column: itApiConfigurations.targetUrl },
          targetUrl: { kind: 'partial', column: itApiConfigurations.targetUrl },
          event: { kind: 'exact', column: itApiConfigurations.event },
        },
        order: {
          created_at: itApiConfigurations.createdAt,
          target_url: itApiConfigurations.targetUrl,
        },
        defaultOrder: [desc(itApiConfigurations.createdAt), asc(itApiConfigurations.uuid)],
      },
    });
  }

  /**
   * The owner's configurations the scope may see. A sub-account sees a configuration only when
   * it is restricted to registries and every one of them is linked to the sub-account: one
   * without links fires for all the owner's companies, and one also linked to another company
   * would let the sub-account redirect that company's events.
   */
  protected override scoped(
    scope: ConfigurationScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
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
                      registriesOfSubAccount(this.db, scope.subAccountId),
                    ),
                  ),
                ),
            ),
          );
    return and(
      eq(itApiConfigurations.ownerId, scope.ownerId),
      // Peppol webhooks share the table (and the delivery) but are listed by the Peppol API.
      notLike(itApiConfigurations.event, 'peppol-%'),
      notLike(itApiConfigurations.event, 'pl:%'),
      visible,
      ...conditions,
    );
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
                registriesOfSubAccount(this.db, scope.subAccountId),
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

  /** Each configuration with the fiscal ids of the registries it is restricted to. */
  protected override async withDetails(
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
