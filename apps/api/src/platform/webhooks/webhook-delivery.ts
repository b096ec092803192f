import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  obWebhookEventKeys,
  peppolWebhookEventKeys,
  plWebhookEventKeySchema,
  webhookEvents,
} from '@fiscus/contracts';
import type { ItApiConfigurationRow, WebhookDeliveryRow } from '../../db/schema/index.ts';
import type { Database } from '../db/database.ts';
import type { JobQueue, JobWorker } from '../jobs/job-queue.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_DISPATCH_JOB, WEBHOOK_LANE } from './events.ts';
import { signRequest } from './message-signature.ts';
import { postWebhook } from './post-webhook.ts';
import type { WebhookSigningKey } from './signing-key.ts';
import { loadWebhookSigningKey } from './signing-key.ts';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.ts';

export type WebhookRetryPolicy = {
  /** Attempts in all, the first included. */
  tries: number;
  /** Wait after the first failed attempt. */
  intervalMs: number;
  /** Each further wait is the previous one times this. */
  factor: number;
};

/** The real provider's policy: 15 tries, 300 s, factor 1.25 (about 4 days of retries in all). */
export const PROVIDER_WEBHOOK_RETRY_POLICY: WebhookRetryPolicy = {
  tries: 15,
  intervalMs: 300_000,
  factor: 1.25,
};

/** Wait before attempt `attempt + 1`, after `attempt` failed ones. */
export function webhookRetryDelayMs(policy: WebhookRetryPolicy, attempt: number): number {
  return Math.round(policy.intervalMs * policy.factor ** Math.max(0, attempt - 1));
}

const dispatchPayloadSchema = z.object({
  ownerId: z.uuid(),
  // The Italian events, the Peppol ones keyed by domain (`peppol-it:incoming-document`) and the
  // Polish ones keyed by legal entity (`pl:{uuid}:legal-entity-invoice-receiver`).
  event: z.union([
    z.enum([...webhookEvents, ...peppolWebhookEventKeys, ...obWebhookEventKeys]),
    plWebhookEventKeySchema,
  ]),
  payload: z.unknown(),
  fiscalIds: z.array(z.string()).default([]),
});
const deliverPayloadSchema = z.object({ deliveryUuid: z.uuid() });

export type WebhookDeliveryOptions = {
  db: Database;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  allowPrivate: boolean;
  retryPolicy: WebhookRetryPolicy;
  timeoutMs?: number;
};

/**
 * Fans events out to api-configurations and delivers them: one delivery row per event and
 * configuration, one `webhooks.deliver` job per attempt. Retries are scheduled here, not by the
 * queue's own doubling back-off, because the provider's factor is 1.25; the queue's retries only
 * cover failures of this code (database down), never an unreachable receiver.
 */
export class WebhookDelivery {
  readonly repository: WebhookDeliveriesRepository;
  private signingKey: Promise<WebhookSigningKey> | undefined;

  constructor(private readonly options: WebhookDeliveryOptions) {
    this.repository = new WebhookDeliveriesRepository(options.db);
  }

  /** The instance's signing key, created on first use. */
  key(): Promise<WebhookSigningKey> {
    this.signingKey ??= loadWebhookSigningKey(this.options.db).catch((error: unknown) => {
      this.signingKey = undefined;
      throw error;
    });
    return this.signingKey;
  }

  registerJobs(worker: JobWorker): void {
    worker.register(WEBHOOK_DISPATCH_JOB, (payload) => this.dispatch(payload), {
      lane: WEBHOOK_LANE,
    });
    worker.register(WEBHOOK_DELIVER_JOB, (payload) => this.deliver(payload), {
      lane: WEBHOOK_LANE,
    });
  }

  /** Records a delivery of `payload` to one configuration and queues its first attempt. */
  async enqueue(
    configuration: Pick<ItApiConfigurationRow, 'uuid' | 'ownerId'>,
    event: string,
    payload: unknown,
    replayOf: string | null = null,
  ): Promise<WebhookDeliveryRow> {
    const delivery = await this.repository.insert({
      ownerId: configuration.ownerId,
      apiConfigurationUuid: configuration.uuid,
      event,
      payload,
      replayOf,
    });
    await this.scheduleAttempt(delivery.uuid, new Date());
    return delivery;
  }

  private scheduleAttempt(deliveryUuid: string, runAt: Date) {
    return this.options.jobs.enqueue(
      WEBHOOK_DELIVER_JOB,
      { deliveryUuid },
      { runAt, maxAttempts: 3, backoffMs: 5000 },
    );
  }

  private async dispatch(raw: unknown): Promise<void> {
    await this.fanOut(dispatchPayloadSchema.parse(raw));
  }

  /**
   * Records and queues one delivery per matching configuration of the owner; resolves with how
   * many. The dispatch job calls it, and so do the on-demand notify routes (to answer a count).
   */
  async fanOut(message: {
    ownerId: string;
    event: string;
    payload: unknown;
    fiscalIds: string[];
  }): Promise<number> {
    const configurations = await this.repository.configurationsFor(message.ownerId, message.event);
    let queued = 0;
    for (const configuration of configurations) {
      // A configuration linked to companies only hears about those companies.
      if (
        configuration.fiscalIds.length > 0 &&
        !configuration.fiscalIds.some((id) => message.fiscalIds.includes(id))
      ) {
        continue;
      }
      await this.enqueue(configuration, message.event, message.payload);
      queued += 1;
    }
    return queued;
  }

  private async deliver(raw: unknown): Promise<void> {
    const { deliveryUuid } = deliverPayloadSchema.parse(raw);
    const found = await this.repository.findWithConfiguration(deliveryUuid);
    // Configuration deleted since (its deliveries cascade) or delivery already settled.
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, configuration } = found;
    const attempt = delivery.attempt + 1;
    const response = await this.post(configuration, delivery);
    const delivered = response.error === undefined;
    const { retryPolicy } = this.options;
    const exhausted = attempt >= retryPolicy.tries;
    await this.repository.recordAttempt(delivery.uuid, {
      attempt,
      status: delivered ? 'delivered' : exhausted ? 'failed' : 'pending',
      responseCode: response.status,
      durationMs: response.durationMs,
      error: response.error ?? null,
    });
    if (delivered) return;
    this.options.logger.warn(
      { deliveryUuid, attempt, status: response.status, err: response.error },
      exhausted ? 'webhook delivery failed for good' : 'webhook delivery attempt failed',
    );
    if (!exhausted) {
      const delay = webhookRetryDelayMs(retryPolicy, attempt);
      await this.scheduleAttempt(delivery.uuid, new Date(Date.now() + delay));
    }
  }

  /** Builds the signed request (auth applied first, so the signature covers the final URL). */
  private async post(configuration: ItApiConfigurationRow, delivery: WebhookDeliveryRow) {
    const url = new URL(configuration.targetUrl);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Fiscus-Webhooks/1.0',
      // Lets receivers drop duplicates: a retry or replay repeats the same event.
      'x-webhook-event': delivery.event,
      'x-webhook-delivery': delivery.replayOf ?? delivery.uuid,
    };
    const key = configuration.authenticationKey ?? '';
    const token = configuration.authenticationToken ?? '';
    if (configuration.authenticationType === 'query' && key) {
      url.searchParams.set(key, token);
    } else if (configuration.authenticationType === 'header' && key) {
      headers.authorization = `${key} ${token}`;
    }
    const body = Buffer.from(JSON.stringify(delivery.payload ?? null), 'utf8');
    const signingKey = await this.key();
    const signature = signRequest({
      method: 'POST',
      url: url.toString(),
      contentType: headers['content-type']!,
      body,
      keyId: signingKey.keyId,
      privateKey: signingKey.privateKey,
    });
    return postWebhook({
      url: url.toString(),
      headers: { ...headers, ...signature },
      body,
      allowPrivate: this.options.allowPrivate,
      ...(this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs }),
    });
  }
}
