import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import {
  plWebhookEventKey,
  plWebhookTypes,
  violationCodes,
  type PaginationQuery,
  type PlWebhook,
  type PlWebhookRequest,
  type PlWebhookType,
} from '@fiscus/contracts';
import type { ItApiConfigurationRow } from '../../../db/schema/index.ts';
import { itApiConfigurations, plLegalEntities } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import {
  parseCollectionQuery,
  type CollectionPage,
} from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { businessOf, isSubAccount } from '../../../platform/tenancy.ts';
import { targetUrlProblem } from '../../../platform/webhooks/target-address.ts';
import type { WebhookDelivery } from '../../../platform/webhooks/webhook-delivery.ts';
import {
  deliveryCollection,
  deliveryItemOf,
} from '../../../platform/webhooks/webhook-deliveries.repository.ts';
import { assertPolishUser } from '../pl-access.ts';

/** The list has no pages (spec): every webhook of the business, up to this many. */
const MAX_WEBHOOKS = 1000;

/** `pl:{uuid}:{type}` read back. */
function keyParts(event: string): { legalEntityUuid: string; type: PlWebhookType } | undefined {
  const [prefix, legalEntityUuid, type] = event.split(':');
  if (prefix !== 'pl' || !legalEntityUuid) return undefined;
  if (!(plWebhookTypes as readonly string[]).includes(type ?? '')) return undefined;
  return { legalEntityUuid, type: type as PlWebhookType };
}

/**
 * Polish webhooks (spec "/gov-pl/webhooks"; provider section 6: `{legalEntity, webhookType,
 * webhookUrl}`): one URL per legal entity and type, kept and delivered with the Italian and
 * Peppol ones (one table, one signing key, one retry policy, one delivery log) under the event
 * `pl:{legalEntityUuid}:{type}`. A webhook is the business's: a sub-account manages none.
 */
export class PlWebhooksService {
  constructor(
    private readonly deps: { db: Database; delivery: WebhookDelivery; allowPrivate: boolean },
  ) {}

  private ownerOf(actor: Actor): string {
    assertPolishUser(actor);
    if (isSubAccount(actor)) {
      throw forbidden('Polish webhooks are the business’s: a sub-account manages none.');
    }
    return businessOf(actor);
  }

  private where(ownerId: string) {
    return and(eq(itApiConfigurations.ownerId, ownerId), like(itApiConfigurations.event, 'pl:%'));
  }

  private async toWebhooks(rows: ItApiConfigurationRow[]): Promise<PlWebhook[]> {
    const parts = rows.map((row) => ({ row, key: keyParts(row.event) }));
    const uuids = [...new Set(parts.flatMap(({ key }) => (key ? [key.legalEntityUuid] : [])))];
    const entities =
      uuids.length === 0
        ? []
        : await this.deps.db
            .select({ uuid: plLegalEntities.uuid, name: plLegalEntities.name })
            .from(plLegalEntities)
            .where(inArray(plLegalEntities.uuid, uuids));
    const names = new Map(entities.map((entity) => [entity.uuid, entity.name]));
    return parts.flatMap(({ row, key }) =>
      key
        ? [
            {
              uuid: row.uuid,
              legalEntityUuid: key.legalEntityUuid,
              legalEntityName: names.get(key.legalEntityUuid) ?? '',
              webhookType: key.type,
              webhookUrl: row.targetUrl,
              createdAt: row.createdAt.toISOString(),
            },
          ]
        : [],
    );
  }

  async list(actor: Actor): Promise<CollectionPage<PlWebhook>> {
    const ownerId = this.ownerOf(actor);
    const rows = await this.deps.db
      .select()
      .from(itApiConfigurations)
      .where(this.where(ownerId))
      .orderBy(desc(itApiConfigurations.createdAt), asc(itApiConfigurations.uuid))
      .limit(MAX_WEBHOOKS);
    const items = await this.toWebhooks(rows);
    return { items, total: items.length, page: 1, itemsPerPage: MAX_WEBHOOKS };
  }

  async get(actor: Actor, uuid: string): Promise<PlWebhook> {
    const [webhook] = await this.toWebhooks([await this.find(this.ownerOf(actor), uuid)]);
    if (!webhook) throw notFound('Webhook not found.');
    return webhook;
  }

  async create(actor: Actor, body: PlWebhookRequest): Promise<PlWebhook> {
    const ownerId = this.ownerOf(actor);
    const event = await this.checked(ownerId, body);
    const [row] = await this.deps.db
      .insert(itApiConfigurations)
      .values({ ownerId, event, targetUrl: body.webhookUrl })
      .returning();
    if (!row) throw new Error('The Polish webhook was not stored');
    return this.get(actor, row.uuid);
  }

  async update(actor: Actor, uuid: string, body: PlWebhookRequest): Promise<PlWebhook> {
    const ownerId = this.ownerOf(actor);
    await this.find(ownerId, uuid);
    const event = await this.checked(ownerId, body, uuid);
    await this.deps.db
      .update(itApiConfigurations)
      .set({ event, targetUrl: body.webhookUrl, updatedAt: new Date() })
      .where(and(this.where(ownerId), eq(itApiConfigurations.uuid, uuid)));
    return this.get(actor, uuid);
  }

  async delete(actor: Actor, uuid: string): Promise<void> {
    const ownerId = this.ownerOf(actor);
    const rows = await this.deps.db
      .delete(itApiConfigurations)
      .where(and(this.where(ownerId), eq(itApiConfigurations.uuid, uuid)))
      .returning({ uuid: itApiConfigurations.uuid });
    if (rows.length === 0) throw notFound('Webhook not found.');
  }

  /** The webhook's delivery log, newest first. */
  async deliveries(actor: Actor, uuid: string, rawQuery: PaginationQuery) {
    const ownerId = this.ownerOf(actor);
    await this.find(ownerId, uuid);
    const query = parseCollectionQuery(rawQuery, deliveryCollection);
    const { items, total } = await this.deps.delivery.repository.list(ownerId, uuid, query);
    return {
      items: items.map((row) => ({
        ...deliveryItemOf(row),
        event: keyParts(row.event)?.type ?? row.event,
      })),
      total,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    };
  }

  /** The entity is the business's, the URL one a webhook may reach, the type not taken. */
  private async checked(ownerId: string, body: PlWebhookRequest, except?: string): Promise<string> {
    const [entity] = await this.deps.db
      .select({ uuid: plLegalEntities.uuid })
      .from(plLegalEntities)
      .where(and(eq(plLegalEntities.uuid, body.legalEntity), eq(plLegalEntities.ownerId, ownerId)))
      .limit(1);
    if (!entity) {
      throw unprocessable([
        violation(
          'legalEntity',
          'No legal entity of this account has this id.',
          violationCodes.invalid,
        ),
      ]);
    }
    const problem = await targetUrlProblem(body.webhookUrl, this.deps.allowPrivate);
    if (problem) throw unprocessable([violation('webhookUrl', problem, violationCodes.invalid)]);
    const event = plWebhookEventKey(entity.uuid, body.webhookType);
    const [taken] = await this.deps.db
      .select({ uuid: itApiConfigurations.uuid })
      .from(itApiConfigurations)
      .where(and(this.where(ownerId), eq(itApiConfigurations.event, event)))
      .limit(1);
    if (taken && taken.uuid !== except) {
      throw unprocessable([
        violation(
          'webhookType',
          'This legal entity already has a webhook of this type.',
          violationCodes.invalid,
        ),
      ]);
    }
    return event;
  }

  private async find(ownerId: string, uuid: string): Promise<ItApiConfigurationRow> {
    const [row] = await this.deps.db
      .select()
      .from(itApiConfigurations)
      .where(and(this.where(ownerId), eq(itApiConfigurations.uuid, uuid)))
      .limit(1);
    if (!row) throw notFound('Webhook not found.');
    return row;
  }
}
