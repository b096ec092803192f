import type {
  BusinessRegistryConfiguration,
  BusinessRegistryConfigurationRequest,
  BusinessRegistryConfigurationUpdate,
  PaginationQuery,
  ReceiptSettings,
  RegistrySubAccount,
  RegistrySubAccountRequest,
  Violation,
} from '@fiscus/contracts';
import { registryMessages, violationCodes } from '@fiscus/contracts';
import type { UserRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import {
  forbidden,
  HttpProblem,
  notFound,
  unprocessable,
  violation,
} from '../../../platform/problem-errors.ts';
import { hasRole, ROLE_SUB_ACCOUNT_MANAGER } from '../../../platform/roles.ts';
import { businessOf, isSubAccount, subAccountOf } from '../../../platform/tenancy.ts';
import {
  API_CONFIGURATION_IRI,
  REGISTRY_IRI,
} from '../api-configurations/api-configurations.service.ts';
import { assertValidFiscalId } from './registry-fiscal-id.ts';
import { ROLE_CONFIG, ROLE_CONFIG_BRC } from '../api-configurations/configuration-access.ts';
import type {
  BusinessRegistryConfigurationsRepository,
  RegistryScope,
  RegistryWithLinks,
} from './business-registry-configurations.repository.ts';

/** Business registries need ROLE_CONFIG or ROLE_CONFIG_BRC in `it` (account spec 6). */
export function assertRegistryReader(actor: Actor): void {
  if (!hasRole(actor.roles, 'it', ROLE_CONFIG) && !hasRole(actor.roles, 'it', ROLE_CONFIG_BRC)) {
    throw forbidden('Business registry configurations need ROLE_CONFIG or ROLE_CONFIG_BRC.');
  }
}

/** Business registry configurations of the account (account spec 3, 7). */
/** The webhook configurations a scope may see: a sub-account links only those. */
export type VisibleApiConfigurations = {
  visibleUuids(scope: RegistryScope, uuids: string[]): Promise<Set<string>>;
};

/**
 * Creates a manager's sub-account by the rules of `POST /users/me/accounts` (the common
 * sub-accounts service) and links it to a registry: one transaction, so a refusal or a failure
 * leaves neither the account nor the link (registry-sub-account-creation.ts).
 */
export type RegistrySubAccountCreation = {
  createLinked(
    actor: Actor,
    account: { email: string; password: string; fiscal_id: string },
    registryUuid: string,
  ): Promise<UserRow>;
};

export class BusinessRegistryConfigurationsService {
  constructor(
    private readonly registries: BusinessRegistryConfigurationsRepository,
    private readonly apiConfigurations: VisibleApiConfigurations,
    private readonly newSubAccounts: RegistrySubAccountCreation,
  ) {}

  async list(
    actor: Actor,
    query: PaginationQuery,
  ): Promise<CollectionPage<BusinessRegistryConfiguration>> {
    return mapPage(await this.registries.list(this.readScope(actor), query), toRegistry);
  }

  async get(actor: Actor, fiscalId: string): Promise<BusinessRegistryConfiguration> {
    return toRegistry(await this.find(this.readScope(actor), fiscalId));
  }

  async create(
    actor: Actor,
    body: BusinessRegistryConfigurationRequest,
  ): Promise<BusinessRegistryConfiguration> {
    const ownerId = this.manageScope(actor).ownerId;
    assertValidFiscalId(body.fiscal_id);
    const links = await this.apiConfigurationLinks(ownerId, body.api_configurations);
    const uuid = await this.registries.save(
      ownerId,
      { create: body.fiscal_id },
      toWritable(body),
      links ?? [],
    );
    if (!uuid) {
      throw unprocessable([
        {
          ...violation('fiscal_id', registryMessages.fiscalIdUsed, violationCodes.alreadyUsed),
          propertyContent: body.fiscal_id,
        },
      ]);
    }
    return this.get(actor, body.fiscal_id);
  }

  /** Full update of the editable fields; fiscal_id is fixed once saved. */
  async update(
    actor: Actor,
    fiscalId: string,
    body: BusinessRegistryConfigurationUpdate,
  ): Promise<BusinessRegistryConfiguration> {
    const scope = this.readScope(actor);
    const current = await this.find(scope, fiscalId);
    if (body.fiscal_id !== undefined && body.fiscal_id !== current.fiscalId) {
      throw unprocessable([
        {
          ...violation('fiscal_id', registryMessages.fiscalIdReadOnly, violationCodes.invalid),
          propertyContent: body.fiscal_id,
        },
      ]);
    }
    const links = await this.apiConfigurationLinks(scope.ownerId, body.api_configurations);
    if (links !== undefined && scope.subAccountId !== null) {
      await this.assertSubAccountMayLink(scope, current, links, body.api_configurations ?? []);
    }
    await this.registries.save(
      scope.ownerId,
      { uuid: current.uuid },
      toWritable({
        ...body,
        // Omitted receipt fields keep their values: they have their own settings call.
        phone_number: body.phone_number === undefined ? current.phoneNumber : body.phone_number,
        receipts_alert_recipients:
          body.receipts_alert_recipients ?? current.receiptsAlertRecipients,
      }),
      links,
    );
    return this.get(actor, current.fiscalId);
  }

  async delete(actor: Actor, fiscalId: string): Promise<void> {
    const scope = this.manageScope(actor);
    const current = await this.find(scope, fiscalId);
    // Unlinking would silently widen those webhooks to every company (no links = all companies).
    if (current.apiConfigurations.length > 0) {
      throw new HttpProblem(
        409,
        `This business registry configuration restricts ${current.apiConfigurations.length} API configuration(s); remove it from them first.`,
      );
    }
    if (!(await this.registries.delete(scope, current.uuid))) {
      throw notFound(registryNotFound);
    }
  }

  async receiptSettings(actor: Actor, fiscalId: string) {
    const current = await this.find(this.readScope(actor), fiscalId);
    return {
      receipts_alert_recipients: current.receiptsAlertRecipients,
      phone_number: current.phoneNumber,
    };
  }

  async updateReceiptSettings(actor: Actor, fiscalId: string, body: ReceiptSettings) {
    const scope = this.readScope(actor);
    const current = await this.find(scope, fiscalId);
    await this.registries.updateReceiptSettings(scope.ownerId, current.uuid, {
      receiptsAlertRecipients: uniqueEmails(body.receipts_alert_recipients),
      phoneNumber: body.phone_number ?? null,
    });
    return this.receiptSettings(actor, fiscalId);
  }

  /** `GET /business-registry-configurations/sub-accounts/{email}`: registries linked to one sub-account. */
  async registriesOfSubAccount(
    actor: Actor,
    email: string,
  ): Promise<BusinessRegistryConfiguration[]> {
    const managerId = this.assertSubAccountManager(actor);
    const subAccount = await this.subAccount(managerId, email);
    return (await this.registries.registriesOfSubAccount(managerId, subAccount.id)).map(toRegistry);
  }

  async subAccounts(actor: Actor, fiscalId: string): Promise<RegistrySubAccount[]> {
    const managerId = this.assertSubAccountManager(actor);
    const registry = await this.find({ ownerId: managerId, subAccountId: null }, fiscalId);
    return (await this.registries.subAccountsOf(registry.uuid)).map(toSubAccount);
  }

  /**
   * `POST /business-registry-configurations/{id}/sub-accounts`: with a password, creates the
   * sub-account (its fiscal_id the company's) and links it; without one, links an existing one.
   */
  async linkSubAccount(
    actor: Actor,
    fiscalId: string,
    { email, password }: RegistrySubAccountRequest,
  ): Promise<RegistrySubAccount> {
    const managerId = this.assertSubAccountManager(actor);
    const registry = await this.find({ ownerId: managerId, subAccountId: null }, fiscalId);
    if (password) {
      const account = { email, password, fiscal_id: registry.fiscalId };
      return toSubAccount(await this.newSubAccounts.createLinked(actor, account, registry.uuid));
    }
    const subAccount = await this.registries.findSubAccount(managerId, email);
    if (!subAccount) {
      throw unprocessable([
        {
          ...violation('email', 'This sub-account does not exist.', violationCodes.notFound),
          propertyContent: email,
        },
      ]);
    }
    await this.registries.link(registry.uuid, subAccount.id);
    return toSubAccount(subAccount);
  }

  async unlinkSubAccount(actor: Actor, fiscalId: string, email: string): Promise<void> {
    const managerId = this.assertSubAccountManager(actor);
    const registry = await this.find({ ownerId: managerId, subAccountId: null }, fiscalId);
    const subAccount = await this.subAccount(managerId, email);
    if (!(await this.registries.unlink(registry.uuid, subAccount.id))) {
      throw notFound('This sub-account is not linked to the business registry configuration.');
    }
  }

  private async subAccount(managerId: string, email: string): Promise<UserRow> {
    const row = await this.registries.findSubAccount(managerId, email);
    if (!row) throw notFound(`Sub-account "${email}" not found.`);
    return row;
  }

  private async find(scope: RegistryScope, fiscalId: string): Promise<RegistryWithLinks> {
    const row = await this.registries.findByFiscalId(scope, fiscalId.trim().toUpperCase());
    if (!row) throw notFound(registryNotFound);
    return row;
  }

  /**
   * ROLE_CONFIG or ROLE_CONFIG_BRC; a sub-account sees (and may edit) only the registries linked
   * to it.
   */
  private readScope(actor: Actor): RegistryScope {
    assertRegistryReader(actor);
    return {
      ownerId: businessOf(actor),
      subAccountId: subAccountOf(actor),
    };
  }

  /** Creating and deleting companies is the account's own decision, not a sub-account's. */
  private manageScope(actor: Actor): RegistryScope {
    const scope = this.readScope(actor);
    if (scope.subAccountId !== null) {
      throw forbidden('Sub-accounts cannot create or delete business registry configurations.');
    }
    return scope;
  }

  /**
   * Linking needs ROLE_SUB_ACCOUNT_MANAGER, held in `common` or in `it` (the role table: "common
   * and it"; the demo's italy@ holds it in common, where the sub-accounts page asks for it), and
   * a user who is not a sub-account.
   */
  private assertSubAccountManager(actor: Actor): string {
    this.readScope(actor);
    if (
      isSubAccount(actor) ||
      !(
        hasRole(actor.roles, 'common', ROLE_SUB_ACCOUNT_MANAGER) ||
        hasRole(actor.roles, 'it', ROLE_SUB_ACCOUNT_MANAGER)
      )
    ) {
      throw forbidden('Linking sub-accounts needs ROLE_SUB_ACCOUNT_MANAGER.');
    }
    return actor.user.id;
  }

  /**
   * A sub-account keeps the links a registry has and adds only configurations it already sees:
   * linking one of the business's other webhooks would narrow it to this company and hand it to
   * the sub-account (its target, its token's use). Such a link answers as an unknown one.
   */
  private async assertSubAccountMayLink(
    scope: RegistryScope,
    current: { apiConfigurations: { uuid: string }[] },
    links: string[],
    requested: (string | { uuid: string })[],
  ): Promise<void> {
    const kept = new Set(current.apiConfigurations.map((link) => link.uuid));
    const added = links.filter((uuid) => !kept.has(uuid));
    const visible = await this.apiConfigurations.visibleUuids(scope, added);
    const violations: Violation[] = [];
    requested.map(linkedUuid).forEach((uuid, index) => {
      if (!kept.has(uuid) && !visible.has(uuid)) violations.push(unknownConfiguration(index, uuid));
    });
    // Nor may it drop a configuration's last link: with none, it fires for every company.
    const dropped = [...kept].filter((uuid) => !links.includes(uuid));
    for (const uuid of await this.registries.withOneLink(dropped)) {
      violations.push({
        ...violation(
          'api_configurations',
          'This API configuration is restricted to this company alone; removing it would send it the events of every company.',
          violationCodes.invalid,
        ),
        propertyContent: uuid,
      });
    }
    if (violations.length > 0) throw unprocessable(violations);
  }

  /** Links from the body → the owner's api-configuration uuids; unknown ones are violations. */
  private async apiConfigurationLinks(
    ownerId: string,
    links: (string | { uuid: string })[] | undefined,
  ): Promise<string[] | undefined> {
    if (links === undefined) return undefined;
    const uuids = links.map(linkedUuid);
    const owned = await this.registries.ownedApiConfigurationUuids(ownerId, uuids.filter(isUuid));
    const violations: Violation[] = [];
    uuids.forEach((uuid, index) => {
      if (!owned.has(uuid)) violations.push(unknownConfiguration(index, uuid));
    });
    if (violations.length > 0) throw unprocessable(violations);
    return [...new Set(uuids)];
  }
}

const registryNotFound = 'Business registry configuration not found.';

function unknownConfiguration(index: number, uuid: string): Violation {
  return {
    ...violation(
      `api_configurations[${index}]`,
      'This API configuration does not exist.',
      violationCodes.notFound,
    ),
    propertyContent: uuid,
  };
}

function linkedUuid(link: string | { uuid: string }): string {
  const value = typeof link === 'string' ? link : link.uuid;
  return (value.split('/').filter(Boolean).pop() ?? '').toLowerCase();
}

function uniqueEmails(emails: string[]): string[] {
  return [...new Set(emails.map((email) => email.toLowerCase()))];
}

function toWritable(body: BusinessRegistryConfigurationUpdate) {
  const applyLegalStorage = body.apply_legal_storage ?? false;
  return {
    name: body.name ?? null,
    email: body.email?.toLowerCase() ?? null,
    supplierInvoiceEnabled: body.supplier_invoice_enabled ?? false,
    applySignature: body.apply_signature ?? false,
    applyLegalStorage,
    // The sandbox's preservation contract starts as soon as legal storage is asked for.
    legalStorageActive: applyLegalStorage,
    receiptsEnabled: body.receipts_enabled ?? false,
    phoneNumber: body.phone_number ?? null,
    receiptsAlertRecipients: uniqueEmails(body.receipts_alert_recipients ?? []),
  };
}

function toRegistry(row: RegistryWithLinks): BusinessRegistryConfiguration {
  return {
    '@id': `${REGISTRY_IRI}/${row.fiscalId}`,
    uuid: row.uuid,
    fiscal_id: row.fiscalId,
    name: row.name,
    email: row.email,
    supplier_invoice_enabled: row.supplierInvoiceEnabled,
    apply_signature: row.applySignature,
    apply_legal_storage: row.applyLegalStorage,
    legal_storage_active: row.legalStorageActive,
    receipts_enabled: row.receiptsEnabled,
    api_configurations: row.apiConfigurations.map((link) => ({
      '@id': `${API_CONFIGURATION_IRI}/${link.uuid}`,
      uuid: link.uuid,
      event: link.event,
      target_url: link.targetUrl,
    })),
    sub_accounts: row.subAccounts,
    phone_number: row.phoneNumber,
    receipts_alert_recipients: row.receiptsAlertRecipients,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
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
