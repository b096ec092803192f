import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  peppolWebhookEventKey,
  peppolWebhookEvents,
  violationCodes,
  type PaginationQuery,
  type PeppolDomain,
  type PeppolWebhook,
  type PeppolWebhookEvent,
  type PeppolWebhookRequest,
} from '@fiscus/contracts';
import type { ItApiConfigurationRow, PeppolDocumentRow } from '../../../db/schema/index.ts';
import { itApiConfigurations } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import {
  parseCollectionQuery,
  type CollectionPage,
} from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { businessOf, isSubAccount } from '../../../platform/tenancy.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import { targetUrlProblem } from '../../../platform/webhooks/target-address.ts';
import type { WebhookDelivery } from '../../../platform/webhooks/webhook-delivery.ts';
import {
  deliveryCollection,
  deliveryItemOf,
} from '../../../platform/webhooks/webhook-deliveries.repository.ts';
import { assertPeppolUser } from '../legal-entities/legal-entities.service.ts';

/** The provider's Peppol webhook payload (provider section 5). */
export function peppolWebhookPayload(document: PeppolDocumentRow) {
  return {
    success: document.success === true,
    document_id: document.uuid,
    document_type: document.kind,
    request_at: document.requestSentAt?.toISOString() ?? null,
    response_at: document.responseReceivedAt?.toISOString() ?? null,
    ...(document.success === false
      ? { error_code: document.errorCode, error_message: document.errorMessage }
      : {}),
  };
}

/** Announces a settled Peppol message to its owner's webhooks of the document's domain. */
export async function announcePeppolDocument(
  jobs: JobQueue,
  db: Database,
  document: PeppolDocumentRow,
  event: PeppolWebhookEvent,
): Promise<void> {
  await publishWebhookEvent(
    jobs,
    {
      ownerId: document.ownerId,
      event: peppolWebhookEventKey(document.domain === 'be' ? 'be' : 'it', event),
      payload: peppolWebhookPayload(document),
    },
    { db },
  );
}

/**
 * Peppol webhooks of one domain (spec 2.13 "Peppol webhooks list", 5, 7; provider section 5):
 * list, create ({event, url}), item, delete, and each one's delivery log. They are stored and
 * delivered with the Italian webhooks (one table, one signing key, one retry policy), under the
 * event `peppol-{domain}:{event}`, and listed only here. A Peppol webhook is the business's (it
 * fires for every legal entity): a sub-account manages none.
 */
export class PeppolWebhooksService {
  private readonly keys: Record<string, PeppolWebhookEvent>;

  constructor(
    private readonly deps: { db: Database; delivery: WebhookDelivery; allowPrivate: boolean },
    readonly domain: PeppolDomain,
  ) {
    this.keys = Object.fromEntries(
      peppolWebhookEvents.map((event) => [peppolWebhookEventKey(domain, event), event]),
    );
  }

  private ownerOf(actor: Actor): string {
    assertPeppolUser(actor);
    if (isSubAccount(actor)) {
      throw forbidden('Peppol webhooks are the business’s: a sub-account manages none.');
    }
    return businessOf(actor);
  }

  private toWebhook(row: ItApiConfigurationRow): PeppolWebhook {
    return {
      '@id': `/api/peppol/${this.domain}/webhooks/${row.uuid}`,
      uuid: row.uuid,
      event: this.keys[row.event] ?? 'incoming-document',
      url: row.targetUrl,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private where(ownerId: string) {
    return and(
      eq(itApiConfigurations.ownerId, ownerId),
      inArray(itApiConfigurations.event, Object.keys(this.keys)),
    );
  }

  async list(actor: Actor, query: PaginationQuery): Promise<CollectionPage<PeppolWebhook>> {
    const ownerId = this.ownerOf(actor);
    const { page, itemsPerPage, offset } = parseCollectionQuery(query, { defaultOrder: [] });
    const [rows, [counted]] = await Promise.all([
      this.deps.db
        .select()
        .from(itApiConfigurations)
        .where(this.where(ownerId))
        .orderBy(desc(itApiConfigurations.createdAt), asc(itApiConfigurations.uuid))
        .limit(itemsPerPage)
        .offset(offset),
      this.deps.db.select({ total: count() }).from(itApiConfigurations).where(this.where(ownerId)),
    ]);
    return {
      items: rows.map((row) => this.toWebhook(row)),
      total: counted?.total ?? 0,
      page,
      itemsPerPage,
    };
  }

  async get(actor: Actor, uuid: string): Promise<PeppolWebhook> {
    return this.toWebhook(await this.find(this.ownerOf(actor), uuid));
  }

  async create(actor: Actor, body: PeppolWebhookRequest): Promise<PeppolWebhook> {
    const ownerId = this.ownerOf(actor);
    const problem = await targetUrlProblem(body.url, this.deps.allowPrivate);
    if (problem) throw unprocessable([violation('url', problem, violationCodes.invalid)]);
    const [row] = await this.deps.db
      .insert(itApiConfigurations)
      .values({
        ownerId,
        event: peppolWebhookEventKey(this.domain, body.event),
        targetUrl: body.url,
      })
      .returning();
    if (!row) throw new Error('The Peppol webhook was not stored');
    return this.toWebhook(row);
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
        event: this.keys[row.event] ?? 'incoming-document',
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
