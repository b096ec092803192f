import { and, asc, count, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  ItApiConfigurationRow,
  WebhookDeliveryRow,
  WebhookDeliveryStatus,
} from '../../db/schema/index.ts';
import {
  itApiConfigurationRegistries,
  itApiConfigurations,
  itBusinessRegistryConfigurations,
  webhookDeliveries,
} from '../../db/schema/index.ts';
import type { CollectionDefinition } from '../db/collection-query.ts';
import type { Database } from '../db/database.ts';

/** Filters of a configuration's delivery log (`GET /api-configurations/{uuid}/deliveries`). */
/** A delivery as the delivery logs answer it (snake_case, the Italian API's); event as stored. */
export function deliveryItemOf(row: WebhookDeliveryRow) {
  return {
    uuid: row.uuid,
    event: row.event,
    status: row.status,
    attempt: row.attempt,
    response_code: row.responseCode,
    duration_ms: row.durationMs,
    error: row.error,
    replay_of: row.replayOf,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

export const deliveryCollection: CollectionDefinition = {
  filters: {
    status: { kind: 'exact', column: webhookDeliveries.status },
    event: { kind: 'exact', column: webhookDeliveries.event },
    created_at: { kind: 'date', column: webhookDeliveries.createdAt },
  },
  defaultOrder: [],
};

export type ConfigurationWithFiscalIds = ItApiConfigurationRow & { fiscalIds: string[] };

/** SQL of outgoing webhooks: which configurations an event reaches, and the delivery log. */
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Database) {}

  /** The owner's configurations for an event, each with the fiscal ids it is restricted to. */
  async configurationsFor(ownerId: string, event: string): Promise<ConfigurationWithFiscalIds[]> {
    const configurations = await this.db
      .select()
      .from(itApiConfigurations)
      .where(and(eq(itApiConfigurations.ownerId, ownerId), eq(itApiConfigurations.event, event)));
    if (configurations.length === 0) return [];
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
          configurations.map((c) => c.uuid),
        ),
      );
    return configurations.map((configuration) => ({
      ...configuration,
      fiscalIds: links
        .filter((link) => link.apiConfigurationUuid === configuration.uuid)
        .map((link) => link.fiscalId),
    }));
  }

  async insert(values: {
    ownerId: string;
    apiConfigurationUuid: string;
    event: string;
    payload: unknown;
    replayOf?: string | null;
  }): Promise<WebhookDeliveryRow> {
    const [row] = await this.db.insert(webhookDeliveries).values(values).returning();
    if (!row) throw new Error('webhook delivery insert returned no row');
    return row;
  }

  async findWithConfiguration(
    uuid: string,
  ): Promise<{ delivery: WebhookDeliveryRow; configuration: ItApiConfigurationRow } | undefined> {
    const [row] = await this.db
      .select({ delivery: webhookDeliveries, configuration: itApiConfigurations })
      .from(webhookDeliveries)
      .innerJoin(
        itApiConfigurations,
        eq(itApiConfigurations.uuid, webhookDeliveries.apiConfigurationUuid),
      )
      .where(eq(webhookDeliveries.uuid, uuid));
    return row;
  }

  async recordAttempt(
    uuid: string,
    attempt: {
      attempt: number;
      status: WebhookDeliveryStatus;
      responseCode: number | null;
      durationMs: number;
      error: string | null;
    },
  ): Promise<void> {
    const now = new Date();
    await this.db
      .update(webhookDeliveries)
      .set({
        ...attempt,
        updatedAt: now,
        deliveredAt: attempt.status === 'delivered' ? now : null,
      })
      .where(eq(webhookDeliveries.uuid, uuid));
  }

  async list(
    ownerId: string,
    apiConfigurationUuid: string,
    page: { itemsPerPage: number; offset: number; where: SQL | undefined },
  ): Promise<{ items: WebhookDeliveryRow[]; total: number }> {
    const where = and(
      eq(webhookDeliveries.ownerId, ownerId),
      eq(webhookDeliveries.apiConfigurationUuid, apiConfigurationUuid),
      page.where,
    );
    const [items, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), asc(webhookDeliveries.uuid))
        .limit(page.itemsPerPage)
        .offset(page.offset),
      this.db.select({ total: count() }).from(webhookDeliveries).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }

  async findOwned(
    ownerId: string,
    apiConfigurationUuid: string,
    uuid: string,
  ): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.ownerId, ownerId),
          eq(webhookDeliveries.apiConfigurationUuid, apiConfigurationUuid),
          eq(webhookDeliveries.uuid, uuid),
        ),
      );
    return row;
  }

  /** Original deliveries (not replays) created in [from, to], oldest first, at most `limit`. */
  async originalsInWindow(
    ownerId: string,
    apiConfigurationUuid: string,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.ownerId, ownerId),
          eq(webhookDeliveries.apiConfigurationUuid, apiConfigurationUuid),
          isNull(webhookDeliveries.replayOf),
          gte(webhookDeliveries.createdAt, from),
          lte(webhookDeliveries.createdAt, to),
        ),
      )
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.uuid))
      .limit(limit);
  }
}
