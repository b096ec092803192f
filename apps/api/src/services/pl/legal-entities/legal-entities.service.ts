import {
  PL_AUTH_FLOW_STATUS,
  PL_LEGAL_ENTITY_MESSAGES,
  PL_LEGAL_ENTITY_STATUS_CODES,
  type PlLegalEntity,
  type PlLegalEntityListQuery,
  type PlLegalEntityRequest,
  type PlLegalEntityStatus,
  type RegistrySubAccount,
  type Violation,
} from '@fiscus/contracts';
import { isValidNip } from '@fiscus/ksef';
import type { PlLegalEntityRow, UserRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { hasRole, ROLE_SUB_ACCOUNT_MANAGER } from '../../../platform/roles.ts';
import { actingScopeOf, isSubAccount, type ActingScope } from '../../../platform/tenancy.ts';
import type { SubAccountsRepository } from '../../common/sub-accounts/sub-accounts.repository.ts';
import {
  KsefError,
  type KsefGateway,
  type KsefOfflineCertificate,
} from '../../../gateways/ksef/ksef-gateway.ts';
import { assertPolishUser } from '../pl-access.ts';
import { announcePl } from '../webhooks/pl-announce.ts';
import {
  PlLegalEntitiesRepository,
  type PlLegalEntityWithFlow,
} from './legal-entities.repository.ts';

type Messages = keyof typeof PL_LEGAL_ENTITY_MESSAGES;
export const plRefused = (path: string, key: Messages): Violation =>
  violation(path, PL_LEGAL_ENTITY_MESSAGES[key], key);

const STATUS_OF_CODE = new Map<number, PlLegalEntityStatus>(
  Object.entries(PL_LEGAL_ENTITY_STATUS_CODES).map(([status, code]) => [
    code,
    status as PlLegalEntityStatus,
  ]),
);

export function statusOf(row: Pick<PlLegalEntityRow, 'status'>): PlLegalEntityStatus {
  return STATUS_OF_CODE.get(row.status) ?? 'pending';
}

/** An onboarding in progress is valid until its deadline. */
export function flowIsValid(
  flow: { status: number; deadline: Date | null } | null,
  now: Date,
): boolean {
  if (!flow) return false;
  if (flow.status !== PL_AUTH_FLOW_STATUS.IN_PROGRESS)
    return flow.status !== PL_AUTH_FLOW_STATUS.ERROR;
  return flow.deadline !== null && flow.deadline.getTime() > now.getTime();
}

export function toPlLegalEntity(row: PlLegalEntityWithFlow, now = new Date()): PlLegalEntity {
  return {
    uuid: row.uuid,
    nip: row.nip,
    name: row.name,
    email: row.email,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    postcode: row.postcode,
    city: row.city,
    province: row.province,
    countryIso2: row.countryIso2,
    incomingInvoiceEnabled: row.incomingInvoiceEnabled,
    status: statusOf(row),
    statusCode: row.status,
    authFlowStatus: row.flow?.status ?? null,
    authFlowIsValid: flowIsValid(row.flow, now),
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastReceiveAt: row.lastReceiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSubAccount(user: UserRow): RegistrySubAccount {
  return {
    email: user.email,
    fullname: user.fullname,
    fiscal_id: user.fiscalId,
    enabled: user.enabled,
  };
}

/** KSeF's refusal of a credential as a violation of the field that carried it. */
export function ksefRefusal(error: unknown, path: string, key: Messages): never {
  if (error instanceof KsefError) {
    throw unprocessable([
      violation(
        path,
        `${PL_LEGAL_ENTITY_MESSAGES[key]} KSeF ${error.code}: ${error.description}`,
        key,
      ),
    ]);
  }
  throw error;
}

/**
 * Polish legal entities (spec "Legal entity list"; provider section 6): taxpayers by NIP (its
 * check digit verified), one per NIP in a business, PENDING until onboarded to KSeF (mode 1 by
 * the public onboarding, mode 2 here with a KSeF token), BLOCKED and back by the block toggle.
 * Every read and write is in the acting scope: a sub-account sees and works on the entities
 * linked to it and creates none.
 */
export class PlLegalEntitiesService {
  constructor(
    private readonly deps: {
      db: Database;
      repository: PlLegalEntitiesRepository;
      subAccountsOfManager: Pick<SubAccountsRepository, 'find'>;
      ksef: KsefGateway;
      jobs: JobQueue;
      sandbox: boolean;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  private scope(actor: Actor): ActingScope {
    assertPolishUser(actor);
    return actingScopeOf(actor);
  }

  async list(actor: Actor, query: PlLegalEntityListQuery): Promise<CollectionPage<PlLegalEntity>> {
    const translated: Record<string, unknown> = { ...query };
    if (query.status) translated.status = String(PL_LEGAL_ENTITY_STATUS_CODES[query.status]);
    const now = this.now();
    return mapPage(await this.deps.repository.list(this.scope(actor), translated), (row) =>
      toPlLegalEntity(row, now),
    );
  }

  async get(actor: Actor, uuid: string): Promise<PlLegalEntity> {
    return toPlLegalEntity(await this.find(actor, uuid), this.now());
  }

  async create(actor: Actor, body: PlLegalEntityRequest): Promise<PlLegalEntity> {
    const scope = this.scope(actor);
    if (isSubAccount(actor)) {
      throw forbidden('A sub-account works on the legal entities linked to it; it creates none.');
    }
    const fields = this.fields(body);
    await this.checkNip(scope.ownerId, fields.nip);
    const row = await this.deps.repository.insert({ ownerId: scope.ownerId, ...fields });
    return toPlLegalEntity({ ...row, flow: null }, this.now());
  }

  async update(actor: Actor, uuid: string, body: PlLegalEntityRequest): Promise<PlLegalEntity> {
    const current = await this.find(actor, uuid);
    const fields = this.fields(body);
    if (fields.nip !== current.nip) {
      // KSeF knows the entity by its NIP once onboarded: a new NIP is a new entity.
      if (current.status !== PL_LEGAL_ENTITY_STATUS_CODES.pending) {
        throw unprocessable([plRefused('nip', 'nip_locked')]);
      }
      await this.checkNip(current.ownerId, fields.nip, uuid);
    }
    const row = await this.deps.repository.update(this.scope(actor), uuid, fields);
    if (!row) throw notFound('Legal entity not found.');
    return toPlLegalEntity({ ...row, flow: current.flow }, this.now());
  }

  /**
   * `POST …/block`: blocks an entity (KSeF is no longer used for it: nothing is sent, nothing
   * read) or unblocks a blocked one, back to active when it holds a KSeF token, else pending.
   */
  async toggleBlock(actor: Actor, uuid: string): Promise<PlLegalEntity> {
    const current = await this.find(actor, uuid);
    const blocking = current.status !== PL_LEGAL_ENTITY_STATUS_CODES.blocked;
    const status = blocking
      ? PL_LEGAL_ENTITY_STATUS_CODES.blocked
      : current.ksefToken
        ? PL_LEGAL_ENTITY_STATUS_CODES.active
        : PL_LEGAL_ENTITY_STATUS_CODES.pending;
    const row = await this.deps.db.transaction(async (tx) => {
      const updated = await new PlLegalEntitiesRepository(tx).setFields(uuid, { status });
      await announcePl(
        this.deps.jobs,
        tx,
        updated,
        blocking ? 'legal-entity-on-boarding-deactivated' : 'legal-entity-on-boarding-activated',
        { nip: updated.nip, status: statusOf(updated) },
      );
      return updated;
    });
    return toPlLegalEntity({ ...row, flow: current.flow }, this.now());
  }

  /**
   * `POST …/ksef-token/create` (onboarding mode 2): the KSeF token the taxpayer made in KSeF is
   * tried by authenticating with it; accepted, it is kept and the entity is active.
   */
  async createKsefToken(
    actor: Actor,
    uuid: string,
    body: { authorizationToken: string },
  ): Promise<PlLegalEntity> {
    const current = await this.find(actor, uuid);
    if (current.status === PL_LEGAL_ENTITY_STATUS_CODES.blocked) {
      throw unprocessable([plRefused('authorizationToken', 'blocked')]);
    }
    const grant = await this.deps.ksef
      .grantWithKsefToken(current.nip, body.authorizationToken.trim())
      .catch((error: unknown) => ksefRefusal(error, 'authorizationToken', 'token_invalid'));
    const row = await this.activate(current, grant);
    return toPlLegalEntity({ ...row, flow: current.flow }, this.now());
  }

  /** Sandbox only: a KSeF token for the entity's NIP, as the taxpayer's KSeF app makes one. */
  async sandboxKsefToken(actor: Actor, uuid: string): Promise<{ authorizationToken: string }> {
    if (!this.deps.sandbox) throw notFound('Sandbox tokens exist on sandbox instances only.');
    const current = await this.find(actor, uuid);
    return { authorizationToken: await this.deps.ksef.issueTestKsefToken(current.nip) };
  }

  /** Makes the entity active with its KSeF token and announces it (both onboarding modes). */
  async activate(
    entity: PlLegalEntityRow,
    grant: { ksefToken: string; tokenReference: string },
    offline?: KsefOfflineCertificate,
  ): Promise<PlLegalEntityRow> {
    return this.deps.db.transaction(async (tx) => {
      const row = await new PlLegalEntitiesRepository(tx).setFields(entity.uuid, {
        status: PL_LEGAL_ENTITY_STATUS_CODES.active,
        ksefToken: grant.ksefToken,
        ksefTokenReference: grant.tokenReference,
        ...(offline
          ? {
              offlineCertificateSerial: offline.serialNumber,
              offlineCertificatePem: offline.certificatePem,
              offlinePrivateKeyPem: offline.privateKeyPem,
            }
          : {}),
      });
      await announcePl(this.deps.jobs, tx, row, 'legal-entity-on-boarding-activated', {
        nip: row.nip,
        status: 'active',
      });
      return row;
    });
  }

  async subAccounts(actor: Actor, uuid: string): Promise<RegistrySubAccount[]> {
    const entity = await this.managed(actor, uuid);
    return (await this.deps.repository.subAccountsOf(entity.uuid)).map(toSubAccount);
  }

  async linkSubAccount(actor: Actor, uuid: string, email: string): Promise<RegistrySubAccount> {
    const entity = await this.managed(actor, uuid);
    const subAccount = await this.deps.subAccountsOfManager.find(actor.user.id, email);
    if (!subAccount) throw unprocessable([plRefused('email', 'sub_account_unknown')]);
    await this.deps.repository.link(entity.uuid, subAccount.id);
    return toSubAccount(subAccount);
  }

  async unlinkSubAccount(actor: Actor, uuid: string, email: string): Promise<void> {
    const entity = await this.managed(actor, uuid);
    const subAccount = await this.deps.subAccountsOfManager.find(actor.user.id, email);
    if (!subAccount || !(await this.deps.repository.unlink(entity.uuid, subAccount.id))) {
      throw notFound('This sub-account is not linked to the legal entity.');
    }
  }

  /** The acting scope's legal entity, or a 404 (another tenant's, or not linked). */
  async find(actor: Actor, uuid: string): Promise<PlLegalEntityWithFlow> {
    const row = await this.deps.repository.findOwned(this.scope(actor), uuid);
    if (!row) throw notFound('Legal entity not found.');
    return row;
  }

  private async managed(actor: Actor, uuid: string): Promise<PlLegalEntityWithFlow> {
    assertPolishUser(actor);
    if (
      isSubAccount(actor) ||
      !(
        hasRole(actor.roles, 'common', ROLE_SUB_ACCOUNT_MANAGER) ||
        hasRole(actor.roles, 'pl', ROLE_SUB_ACCOUNT_MANAGER)
      )
    ) {
      throw forbidden('Linking sub-accounts needs ROLE_SUB_ACCOUNT_MANAGER.');
    }
    return this.find(actor, uuid);
  }

  private fields(body: PlLegalEntityRequest) {
    return {
      nip: body.nip.trim(),
      name: body.name.trim(),
      email: body.email.trim(),
      addressLine1: body.addressLine1.trim(),
      addressLine2: body.addressLine2.trim(),
      postcode: body.postcode.trim(),
      city: body.city.trim(),
      province: body.province?.trim() || null,
      countryIso2: 'PL',
      ...(body.incomingInvoiceEnabled === undefined
        ? {}
        : { incomingInvoiceEnabled: body.incomingInvoiceEnabled }),
    };
  }

  private async checkNip(ownerId: string, nip: string, except?: string): Promise<void> {
    if (!isValidNip(nip)) throw unprocessable([plRefused('nip', 'nip_invalid')]);
    if (await this.deps.repository.nipTaken(ownerId, nip, except)) {
      throw unprocessable([plRefused('nip', 'nip_taken')]);
    }
  }
}
