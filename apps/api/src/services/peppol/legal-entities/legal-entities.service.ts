import {
  PEPPOL_LEGAL_ENTITY_MESSAGES,
  type PeppolCapability,
  type PeppolCode,
  type PeppolDomain,
  type PeppolLegalEntity,
  type PeppolLegalEntityListQuery,
  type PeppolLegalEntityRequest,
  type PeppolReceivingCheck,
  type PeppolSmp,
  type RegistrySubAccount,
  type Violation,
} from '@fiscus/contracts';
import {
  BIS_BILLING,
  checkCapability,
  checkParticipantId,
  DOCUMENT_TYPE_SCHEME,
  peppolDocumentTypes,
  PROCESS_SCHEME,
} from '@fiscus/peppol-messages';
import type { PeppolLegalEntityRow, UserRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { hasRole, ROLE_SUB_ACCOUNT_MANAGER } from '../../../platform/roles.ts';
import { actingScopeOf, isSubAccount } from '../../../platform/tenancy.ts';
import type { SubAccountsRepository } from '../../common/sub-accounts/sub-accounts.repository.ts';
import type { SandboxSmpService } from '../smp/smp.service.ts';
import { receivingCheck } from '../smp/receiving-check.ts';
import type { LegalEntitiesRepository, PeppolScope } from './legal-entities.repository.ts';

/** Peppol needs the Peppol context's role; Belgian Peppol comes with it (issue 34). */
export function assertPeppolUser(actor: Actor): void {
  if (!hasRole(actor.roles, 'peppol', 'ROLE_USER')) {
    throw forbidden('Peppol needs the Peppol role.');
  }
}

type Messages = keyof typeof PEPPOL_LEGAL_ENTITY_MESSAGES;
const refused = (path: string, key: Messages): Violation =>
  violation(path, PEPPOL_LEGAL_ENTITY_MESSAGES[key], key);

/** The Belgian API registers the BIS Billing invoice and credit note only (spec). */
const BELGIAN_DOCUMENT_TYPES: readonly string[] = [BIS_BILLING.invoice, BIS_BILLING.creditNote];

function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

function capabilitiesOf(value: unknown): PeppolCapability[] {
  return Array.isArray(value) ? (value as PeppolCapability[]) : [];
}

function toSubAccount(user: UserRow): RegistrySubAccount {
  return {
    email: user.email,
    fullname: user.fullname,
    fiscal_id: user.fiscalId,
    enabled: user.enabled,
  };
}

export function toLegalEntity(row: PeppolLegalEntityRow): PeppolLegalEntity {
  return {
    uuid: row.uuid,
    registeredName: row.registeredName,
    identifierScheme: row.identifierScheme,
    identifierValue: row.identifierValue,
    address: row.address,
    zipCode: row.zipCode,
    country: row.country,
    stateOrProvince: row.stateOrProvince,
    city: row.city,
    receivedDocumentNotificationEmails: stringsOf(row.notificationEmails),
    smpEnabled: row.smpEnabled,
    capabilities: capabilitiesOf(row.capabilities),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Peppol legal entities of one domain (spec "Peppol legal entities"; provider section 5): the
 * participant identifier is checked as the network checks it (`@fiscus/peppol-messages`: the
 * code list's scheme, pattern and check digit; a Belgian entity by its enterprise number, 0208),
 * registered once on the instance; the SMP registration names capabilities of the code list's
 * document types with their processes (Belgium: the BIS invoice and credit note only). Every
 * read and write is in the acting scope: another business's, or one not linked to the
 * sub-account, is a 404; a sub-account creates none (it would see nothing of it).
 */
export class LegalEntitiesService {
  constructor(
    private readonly repository: LegalEntitiesRepository,
    /** The manager's sub-accounts (the common service's), which links name by e-mail. */
    private readonly subAccountsOfManager: Pick<SubAccountsRepository, 'find'>,
    readonly domain: PeppolDomain,
    /** The sandbox network's SMP, read by the receiving check. */
    private readonly network: { smp: SandboxSmpService; smpBaseUrl: string },
  ) {}

  private scope(actor: Actor): PeppolScope {
    assertPeppolUser(actor);
    return { ...actingScopeOf(actor), domain: this.domain };
  }

  async list(
    actor: Actor,
    query: PeppolLegalEntityListQuery,
  ): Promise<CollectionPage<PeppolLegalEntity>> {
    // The spec's `sortBy[field]` is the kit's `order[field]`.
    const translated: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      translated[key.startsWith('sortBy[') ? `order${key.slice('sortBy'.length)}` : key] = value;
    }
    return mapPage(await this.repository.list(this.scope(actor), translated), toLegalEntity);
  }

  async get(actor: Actor, uuid: string): Promise<PeppolLegalEntity> {
    return toLegalEntity(await this.find(actor, uuid));
  }

  async create(actor: Actor, body: PeppolLegalEntityRequest): Promise<PeppolLegalEntity> {
    const scope = this.scope(actor);
    if (isSubAccount(actor)) {
      throw forbidden('A sub-account works on the legal entities linked to it; it creates none.');
    }
    await this.checkIdentifier(body);
    const row = await this.repository.insert({
      ownerId: scope.ownerId,
      domain: this.domain,
      ...this.fields(body),
    });
    return toLegalEntity(row);
  }

  async update(
    actor: Actor,
    uuid: string,
    body: PeppolLegalEntityRequest,
  ): Promise<PeppolLegalEntity> {
    const current = await this.find(actor, uuid);
    const changed =
      current.identifierScheme !== body.identifierScheme.trim() ||
      current.identifierValue.toLowerCase() !== body.identifierValue.trim().toLowerCase();
    if (changed && current.smpEnabled) {
      throw unprocessable([refused('identifierValue', 'identifier_locked')]);
    }
    await this.checkIdentifier(body, uuid);
    const row = await this.repository.update(this.scope(actor), uuid, this.fields(body));
    if (!row) throw notFound('Legal entity not found.');
    return toLegalEntity(row);
  }

  async delete(actor: Actor, uuid: string): Promise<void> {
    if (!(await this.repository.delete(this.scope(actor), uuid))) {
      throw notFound('Legal entity not found.');
    }
  }

  async smp(actor: Actor, uuid: string): Promise<PeppolSmp> {
    const row = await this.find(actor, uuid);
    return { enabled: row.smpEnabled, capabilities: capabilitiesOf(row.capabilities) };
  }

  /** `PUT …/smp`: registers (or not) the legal entity for the capabilities given, all checked. */
  async setSmp(actor: Actor, uuid: string, body: PeppolSmp): Promise<PeppolSmp> {
    await this.find(actor, uuid);
    const found: Violation[] = [];
    if (body.enabled && body.capabilities.length === 0) {
      found.push(refused('capabilities', 'capabilities_required'));
    }
    const capabilities = body.capabilities.map((capability, index) => {
      const documentTypeScheme = capability.documentTypeScheme ?? DOCUMENT_TYPE_SCHEME;
      const known = peppolDocumentTypes().find(
        (type) => type.value === capability.documentType && type.scheme === documentTypeScheme,
      );
      // The Belgian screen sends the document type alone: its process is BIS Billing's own.
      const belgian = this.domain === 'be';
      const process =
        capability.process ?? (belgian ? BIS_BILLING.process : (known?.processes[0] ?? ''));
      const problem =
        belgian && !BELGIAN_DOCUMENT_TYPES.includes(capability.documentType)
          ? 'unknown_document_type'
          : belgian && process !== BIS_BILLING.process
            ? 'wrong_process'
            : checkCapability(capability.documentType, process, documentTypeScheme);
      if (problem === 'wrong_process') {
        found.push(refused(`capabilities[${index}].process`, 'process_wrong'));
      } else if (problem) {
        found.push(refused(`capabilities[${index}].documentType`, 'document_type_unknown'));
      }
      return {
        documentType: capability.documentType,
        process,
        documentTypeScheme,
        processScheme: capability.processScheme ?? PROCESS_SCHEME,
      };
    });
    if (found.length > 0) throw unprocessable(found);
    const row = await this.repository.update(this.scope(actor), uuid, {
      smpEnabled: body.enabled,
      capabilities,
    });
    if (!row) throw notFound('Legal entity not found.');
    return { enabled: row.smpEnabled, capabilities: capabilitiesOf(row.capabilities) };
  }

  /** `POST …/legal-entities/{uuid}/receiving-check`: can a partner reach it, step by step. */
  async receivingCheck(actor: Actor, uuid: string): Promise<PeppolReceivingCheck> {
    const entity = await this.find(actor, uuid);
    return receivingCheck({
      entity,
      smp: this.network.smp,
      smpBaseUrl: this.network.smpBaseUrl,
      directory: this.repository,
      now: new Date(),
    });
  }

  /** The document types a legal entity of this domain may register (active ones). */
  documentTypes(actor: Actor): PeppolCode[] {
    assertPeppolUser(actor);
    return peppolDocumentTypes()
      .filter((type) =>
        this.domain === 'be'
          ? type.scheme === DOCUMENT_TYPE_SCHEME && BELGIAN_DOCUMENT_TYPES.includes(type.value)
          : type.state === 'active',
      )
      .map((type) => ({ name: type.name, value: type.value, scheme: type.scheme }));
  }

  /** The processes those document types run in (Belgium: BIS Billing's). */
  processes(actor: Actor): PeppolCode[] {
    assertPeppolUser(actor);
    if (this.domain === 'be') {
      return [{ name: BIS_BILLING.process, value: BIS_BILLING.process, scheme: PROCESS_SCHEME }];
    }
    const seen = new Set<string>();
    for (const type of peppolDocumentTypes()) {
      if (type.state !== 'active') continue;
      for (const process of type.processes) seen.add(process);
    }
    return [...seen].sort().map((value) => ({ name: value, value, scheme: PROCESS_SCHEME }));
  }

  /** The sub-accounts linked to a legal entity (the reference's `/legal-entities/{uuid}/sub-accounts`). */
  async subAccounts(actor: Actor, uuid: string): Promise<RegistrySubAccount[]> {
    const entity = await this.managed(actor, uuid);
    return (await this.repository.subAccountsOf(entity.uuid)).map(toSubAccount);
  }

  async linkSubAccount(actor: Actor, uuid: string, email: string): Promise<RegistrySubAccount> {
    const entity = await this.managed(actor, uuid);
    const subAccount = await this.subAccountsOfManager.find(actor.user.id, email);
    if (!subAccount) throw unprocessable([refused('email', 'sub_account_unknown')]);
    await this.repository.link(entity.uuid, subAccount.id);
    return toSubAccount(subAccount);
  }

  async unlinkSubAccount(actor: Actor, uuid: string, email: string): Promise<void> {
    const entity = await this.managed(actor, uuid);
    const subAccount = await this.subAccountsOfManager.find(actor.user.id, email);
    if (!subAccount || !(await this.repository.unlink(entity.uuid, subAccount.id))) {
      throw notFound('This sub-account is not linked to the legal entity.');
    }
  }

  /** A legal entity of the manager's own business (sub-accounts link nothing). */
  private async managed(actor: Actor, uuid: string): Promise<PeppolLegalEntityRow> {
    assertPeppolUser(actor);
    if (
      isSubAccount(actor) ||
      !(
        hasRole(actor.roles, 'common', ROLE_SUB_ACCOUNT_MANAGER) ||
        hasRole(actor.roles, 'peppol', ROLE_SUB_ACCOUNT_MANAGER)
      )
    ) {
      throw forbidden('Linking sub-accounts needs ROLE_SUB_ACCOUNT_MANAGER.');
    }
    return this.find(actor, uuid);
  }

  private async find(actor: Actor, uuid: string): Promise<PeppolLegalEntityRow> {
    const row = await this.repository.findOwned(this.scope(actor), uuid);
    if (!row) throw notFound('Legal entity not found.');
    return row;
  }

  private fields(body: PeppolLegalEntityRequest) {
    return {
      registeredName: body.registeredName.trim(),
      identifierScheme: body.identifierScheme.trim(),
      identifierValue: body.identifierValue.trim(),
      address: body.address ?? null,
      zipCode: body.zipCode ?? null,
      country: body.country ? body.country.toUpperCase() : null,
      stateOrProvince: body.stateOrProvince ?? null,
      city: body.city ?? null,
      notificationEmails: body.receivedDocumentNotificationEmails ?? [],
    };
  }

  /** 422 when the identifier is not one the network takes, or is registered already. */
  private async checkIdentifier(body: PeppolLegalEntityRequest, except?: string): Promise<void> {
    const scheme = body.identifierScheme.trim();
    const value = body.identifierValue.trim();
    if (this.domain === 'be' && scheme !== '0208') {
      throw unprocessable([refused('identifierScheme', 'belgian_scheme')]);
    }
    const check = checkParticipantId(`${scheme}:${value}`);
    if (!check.ok) {
      if (check.problem === 'unknown_scheme' || check.problem === 'removed_scheme') {
        throw unprocessable([refused('identifierScheme', check.problem)]);
      }
      throw unprocessable([refused('identifierValue', 'identifier_invalid')]);
    }
    if (await this.repository.participantTaken(scheme, value, except)) {
      throw unprocessable([refused('identifierValue', 'identifier_taken')]);
    }
  }
}
