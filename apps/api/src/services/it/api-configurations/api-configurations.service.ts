import type {
  ApiConfiguration,
  ApiConfigurationRequest,
  ApiConfigurationUpdate,
  PaginationQuery,
  Violation,
  WebhookDelivery as WebhookDeliveryItem,
} from '@fiscus/contracts';
import {
  authenticationTokenHint,
  validationMessages,
  violationCodes,
  webhookTargetMessages,
} from '@fiscus/contracts';
import type { WebhookDeliveryRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { parseCollectionQuery } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { targetUrlProblem } from '../../../platform/webhooks/target-address.ts';
import {
  deliveryCollection,
  deliveryItemOf,
} from '../../../platform/webhooks/webhook-deliveries.repository.ts';
import type { WebhookDelivery } from '../../../platform/webhooks/webhook-delivery.ts';
import type {
  ApiConfigurationsRepository,
  ApiConfigurationWithRegistries,
} from './api-configurations.repository.ts';
import type { ConfigurationScope } from './configuration-access.ts';
import { assertCanConfigureWebhooks, configurationScopeOf } from './configuration-access.ts';

export const API_CONFIGURATION_IRI = '/api/it/api-configurations';
export const REGISTRY_IRI = '/api/it/business-registry-configurations';
/** A window replay resends at most this many events; a wider window is split by the caller. */
export const MAX_WINDOW_REPLAY = 1000;

/** The account's webhooks (api-configurations), their delivery log and replays. */
export class ApiConfigurationsService {
  constructor(
    private readonly configurations: ApiConfigurationsRepository,
    private readonly delivery: WebhookDelivery,
    private readonly allowPrivateTargets: boolean,
  ) {}

  async list(actor: Actor, query: PaginationQuery): Promise<CollectionPage<ApiConfiguration>> {
    assertCanConfigureWebhooks(actor);
    return mapPage(
      await this.configurations.list(configurationScopeOf(actor), query),
      toApiConfiguration,
    );
  }

  async get(actor: Actor, uuid: string): Promise<ApiConfiguration> {
    assertCanConfigureWebhooks(actor);
    return toApiConfiguration(await this.findOwned(configurationScopeOf(actor), uuid));
  }

  async create(actor: Actor, body: ApiConfigurationRequest): Promise<ApiConfiguration> {
    assertCanConfigureWebhooks(actor);
    return this.save(configurationScopeOf(actor), undefined, body);
  }

  /** Replaces the configuration; an empty token keeps the stored one (it is write-only). */
  async update(
    actor: Actor,
    uuid: string,
    body: ApiConfigurationUpdate,
  ): Promise<ApiConfiguration> {
    assertCanConfigureWebhooks(actor);
    const scope = configurationScopeOf(actor);
    const current = await this.findOwned(scope, uuid);
    return this.save(scope, current, body);
  }

  async delete(actor: Actor, uuid: string): Promise<void> {
    assertCanConfigureWebhooks(actor);
    const scope = configurationScopeOf(actor);
    await this.findOwned(scope, uuid);
    if (!(await this.configurations.delete(scope, uuid)))
      throw notFound('API configuration not found.');
  }

  async deliveries(
    actor: Actor,
    uuid: string,
    rawQuery: PaginationQuery,
  ): Promise<CollectionPage<WebhookDeliveryItem>> {
    assertCanConfigureWebhooks(actor);
    const { ownerId } = await this.findOwned(configurationScopeOf(actor), uuid);
    const query = parseCollectionQuery(rawQuery, deliveryCollection);
    const { items, total } = await this.delivery.repository.list(ownerId, uuid, query);
    return {
      items: items.map(toDeliveryItem),
      total,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    };
  }

  /** Sends one earlier event again, as a new delivery with its own attempts. */
  async replay(actor: Actor, uuid: string, deliveryUuid: string): Promise<WebhookDeliveryItem> {
    assertCanConfigureWebhooks(actor);
    const configuration = await this.findOwned(configurationScopeOf(actor), uuid);
    const { ownerId } = configuration;
    const original = isUuid(deliveryUuid)
      ? await this.delivery.repository.findOwned(ownerId, uuid, deliveryUuid)
      : undefined;
    if (!original) throw notFound('Delivery not found.');
    const replay = await this.delivery.enqueue(
      configuration,
      original.event,
      original.payload,
      original.replayOf ?? original.uuid,
    );
    return toDeliveryItem(replay);
  }

  /** Sends again every event first delivered to this configuration in [from, to]. */
  async replayWindow(
    actor: Actor,
    uuid: string,
    window: { from: string; to: string },
  ): Promise<{ replayed: number; deliveries: string[] }> {
    assertCanConfigureWebhooks(actor);
    const configuration = await this.findOwned(configurationScopeOf(actor), uuid);
    const { ownerId } = configuration;
    const originals = await this.delivery.repository.originalsInWindow(
      ownerId,
      uuid,
      new Date(window.from),
      new Date(window.to),
      MAX_WINDOW_REPLAY + 1,
    );
    if (originals.length > MAX_WINDOW_REPLAY) {
      throw unprocessable([
        violation(
          'to',
          `The window holds more than ${MAX_WINDOW_REPLAY} events; replay a shorter window.`,
          violationCodes.invalid,
        ),
      ]);
    }
    const replays: string[] = [];
    for (const original of originals) {
      const replay = await this.delivery.enqueue(
        configuration,
        original.event,
        original.payload,
        original.uuid,
      );
      replays.push(replay.uuid);
    }
    return { replayed: replays.length, deliveries: replays };
  }

  private async findOwned(
    scope: ConfigurationScope,
    uuid: string,
  ): Promise<ApiConfigurationWithRegistries> {
    const row = isUuid(uuid) ? await this.configurations.findOwned(scope, uuid) : undefined;
    if (!row) throw notFound('API configuration not found.');
    return row;
  }

  private async save(
    scope: ConfigurationScope,
    current: ApiConfigurationWithRegistries | undefined,
    body: ApiConfigurationUpdate,
  ): Promise<ApiConfiguration> {
    const violations: Violation[] = [];
    const urlProblem = await targetUrlProblem(body.target_url, this.allowPrivateTargets);
    if (urlProblem) violations.push(violation('target_url', urlProblem, violationCodes.invalid));

    const fiscalIds = body.business_registry_configurations.map(linkedFiscalId);
    const registries = await this.configurations.registryUuidsByFiscalId(scope, fiscalIds);
    fiscalIds.forEach((fiscalId, index) => {
      if (!registries.has(fiscalId)) {
        violations.push({
          ...violation(
            `business_registry_configurations[${index}]`,
            'This business registry configuration does not exist.',
            violationCodes.notFound,
          ),
          propertyContent: fiscalId,
        });
      }
    });
    // Without links a webhook hears about every company of the business, not only the
    // sub-account's: a sub-account's webhook names at least one of its registries.
    if (scope.subAccountId !== null && fiscalIds.length === 0) {
      violations.push(
        violation(
          'business_registry_configurations',
          validationMessages.notBlank,
          violationCodes.required,
        ),
      );
    }

    const authenticated = body.authentication_type !== 'none';
    const token = authenticated ? this.tokenToStore(current, body, violations) : null;
    if (violations.length > 0) throw unprocessable(violations);

    const saved = await this.configurations.save(
      scope.ownerId,
      current?.uuid,
      {
        event: body.event,
        targetUrl: body.target_url,
        authenticationType: body.authentication_type,
        // Credentials of a 'none' configuration would never be used: do not keep them.
        authenticationKey: authenticated ? (body.authentication_key ?? null) : null,
        authenticationToken: token,
      },
      [...new Set(fiscalIds.map((id) => registries.get(id)!))],
    );
    const row = saved ? await this.configurations.findOwned(scope, saved) : undefined;
    if (!row) throw notFound('API configuration not found.');
    return toApiConfiguration(row);
  }

  /**
   * The token is write-only, so an edit that leaves it empty keeps the stored one, except when
   * none is stored or the target's origin changes: a kept token would otherwise be sent to an
   * address its owner never typed it for, which is how a write-only secret gets read.
   */
  private tokenToStore(
    current: ApiConfigurationWithRegistries | undefined,
    body: ApiConfigurationUpdate,
    violations: Violation[],
  ): string | null {
    if (body.authentication_token) return body.authentication_token;
    const stored = current?.authenticationToken ?? null;
    if (stored === null) {
      violations.push(
        violation('authentication_token', validationMessages.notBlank, violationCodes.required),
      );
    } else if (!sameOrigin(current!.targetUrl, body.target_url)) {
      violations.push(
        violation(
          'authentication_token',
          webhookTargetMessages.retypeToken,
          violationCodes.invalid,
        ),
      );
    }
    return stored;
  }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** `/api/it/business-registry-configurations/0123` → `0123`; a bare id or `{fiscal_id}` as is. */
function linkedFiscalId(link: string | { fiscal_id: string }): string {
  const value = typeof link === 'string' ? link : link.fiscal_id;
  const segment = value.includes('/') ? (value.split('/').filter(Boolean).pop() ?? '') : value;
  try {
    return decodeURIComponent(segment).trim().toUpperCase();
  } catch {
    return segment.trim().toUpperCase();
  }
}

export function toApiConfiguration(row: ApiConfigurationWithRegistries): ApiConfiguration {
  return {
    '@id': `${API_CONFIGURATION_IRI}/${row.uuid}`,
    uuid: row.uuid,
    event: row.event as ApiConfiguration['event'],
    target_url: row.targetUrl,
    authentication_type: row.authenticationType as ApiConfiguration['authentication_type'],
    authentication_key: row.authenticationKey,
    authentication_token_hint: authenticationTokenHint(row.authenticationToken),
    business_registry_configurations: row.fiscalIds.map((fiscalId) => ({
      '@id': `${REGISTRY_IRI}/${fiscalId}`,
      fiscal_id: fiscalId,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toDeliveryItem(row: WebhookDeliveryRow): WebhookDeliveryItem {
  return { ...deliveryItemOf(row), event: row.event as WebhookDeliveryItem['event'] };
}
