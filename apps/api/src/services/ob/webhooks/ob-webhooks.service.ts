import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import {
  authenticationTokenHint,
  obWebhookEventKey,
  obWebhookEvents,
  violationCodes,
  type ObWebhook,
  type ObWebhookEvent,
  type ObWebhookRequest,
  type PaginationQuery,
} from '@fiscus/contracts';
import { itApiConfigurations, type ItApiConfigurationRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import {
  parseCollectionQuery,
  type CollectionPage,
} from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { businessOf, isSubAccount } from '../../../platform/tenancy.ts';
import { targetUrlProblem } from '../../../platform/webhooks/target-address.ts';
import {
  deliveryCollection,
  deliveryItemOf,
} from '../../../platform/webhooks/webhook-deliveries.repository.ts';
import type { WebhookDelivery } from '../../../platform/webhooks/webhook-delivery.ts';
import { assertOpenBankingUser } from '../ob-access.ts';

const eventOf = (key: string): ObWebhookEvent | undefined => {
  const name = key.startsWith('ob:') ? key.slice(3) : '';
  return (obWebhookEvents as readonly string[]).includes(name)
    ? (name as ObWebhookEvent)
    : undefined;
};

/**
 * Open-banking webhooks (spec "Webhooks screen"; provider 7: `connect`, `reconnect`, `payment`,
 * signed): kept and delivered with the Italian, Peppol and Polish ones (one table, one signing
 * key, one retry policy, one delivery log) under the event `ob:{event}`, with the same optional
 * authentication (a query parameter or a header; the token write-only). A webhook is the
 * business's: a sub-account manages none.
 */
export class ObWebhooksService {
  constructor(
    private readonly deps: { db: Database; delivery: WebhookDelivery; allowPrivate: boolean },
  ) {}

  private ownerOf(actor: Actor): string {
    assertOpenBankingUser(actor);
    if (isSubAccount(actor))
      throw forbidden('Open-banking webhooks are the business’s: a sub-account manages none.');
    return businessOf(actor);
  }

  private where(ownerId: string) {
    return and(eq(itApiConfigurations.ownerId, ownerId), like(itApiConfigurations.event, 'ob:%'));
  }

  private toWebhook(row: ItApiConfigurationRow): ObWebhook | undefined {
    const event = eventOf(row.event);
    if (!event) return undefined;
    return {
      uuid: row.uuid,
      event,
      targetUrl: row.targetUrl,
      authenticationType: row.authenticationType as ObWebhook['authenticationType'],
      authenticationKey: row.authenticationKey,
      authenticationTokenHint: authenticationTokenHint(row.authenticationToken),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async list(actor: Actor, raw: PaginationQuery): Promise<CollectionPage<ObWebhook>> {
    const ownerId = this.ownerOf(actor);
    const itemsPerPage = Math.min(raw.itemsPerPage ?? 30, 100);
    const page = raw.page ?? 1;
    const [total] = await this.deps.db
      .select({ total: count() })
      .from(itApiConfigurations)
      .where(this.where(ownerId));
    const rows = await this.deps.db
      .select()
      .from(itApiConfigurations)
      .where(this.where(ownerId))
      .orderBy(desc(itApiConfigurations.createdAt), asc(itApiConfigurations.uuid))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return {
      items: rows.flatMap((row) => this.toWebhook(row) ?? []),
      total: total?.total ?? 0,
      page,
      itemsPerPage,
    };
  }

  async get(actor: Actor, uuid: string): Promise<ObWebhook> {
    const webhook = this.toWebhook(await this.find(this.ownerOf(actor), uuid));
    if (!webhook) throw notFound('Webhook not found.');
    return webhook;
  }

  private async checkedUrl(url: string): Promise<void> {
    const problem = await targetUrlProblem(url, this.deps.allowPrivate);
    if (problem) throw unprocessable([violation('targetUrl', problem, violationCodes.invalid)]);
  }

  /** The authentication fields as stored: none clears both; a kept token stays unless retyped. */
  private authentication(body: ObWebhookRequest, kept?: ItApiConfigurationRow) {
    const type = body.authenticationType ?? 'none';
    if (type === 'none')
      return { authenticationType: type, authenticationKey: null, authenticationToken: null };
    const key = body.authenticationKey || null;
    const token = body.authenticationToken || kept?.authenticationToken || null;
    const violations = [];
    if (!key)
      violations.push(
        violation('authenticationKey', 'This value should not be blank.', violationCodes.required),
      );
    if (!token)
      violations.push(
        violation(
          'authenticationToken',
          'This value should not be blank.',
          violationCodes.required,
        ),
      );
    if (violations.length > 0) throw unprocessable(violations);
    return { authenticationType: type, authenticationKey: key, authenticationToken: token };
  }

  async create(actor: Actor, body: ObWebhookRequest): Promise<ObWebhook> {
    const ownerId = this.ownerOf(actor);
    await this.checkedUrl(body.targetUrl);
    const [row] = await this.deps.db
      .insert(itApiConfigurations)
      .values({
        ownerId,
        event: obWebhookEventKey(body.event),
        targetUrl: body.targetUrl,
        ...this.authentication(body),
      })
      .returning();
    return this.toWebhook(row!)!;
  }

  async update(actor: Actor, uuid: string, body: ObWebhookRequest): Promise<ObWebhook> {
    const ownerId = this.ownerOf(actor);
    const kept = await this.find(ownerId, uuid);
    await this.checkedUrl(body.targetUrl);
    // A token goes only to the address it was given for.
    const keep = kept.targetUrl === body.targetUrl ? kept : undefined;
    const [row] = await this.deps.db
      .update(itApiConfigurations)
      .set({
        event: obWebhookEventKey(body.event),
        targetUrl: body.targetUrl,
        ...this.authentication(body, keep),
        updatedAt: new Date(),
      })
      .where(and(this.where(ownerId), eq(itApiConfigurations.uuid, uuid)))
      .returning();
    return this.toWebhook(row!)!;
  }

  async delete(actor: Actor, uuid: string): Promise<void> {
    const ownerId = this.ownerOf(actor);
    const rows = await this.deps.db
      .delete(itApiConfigurations)
      .where(and(this.where(ownerId), eq(itApiConfigurations.uuid, uuid)))
      .returning({ uuid: itApiConfigurations.uuid });
    if (rows.length === 0) throw notFound('Webhook not found.');
  }

  async deliveries(actor: Actor, uuid: string, rawQuery: PaginationQuery) {
    const ownerId = this.ownerOf(actor);
    await this.find(ownerId, uuid);
    const query = parseCollectionQuery(rawQuery, deliveryCollection);
    const { items, total } = await this.deps.delivery.repository.list(ownerId, uuid, query);
    return {
      items: items.map((row) => ({
        ...deliveryItemOf(row),
        event: eventOf(row.event) ?? row.event,
      })),
      total,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    };
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
