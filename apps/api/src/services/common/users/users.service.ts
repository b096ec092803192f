import type {
  AcceptOnlyVerifiedRequest,
  MeResponse,
  PasswordChangeRequest,
  PasswordChangeResponse,
  PlatformId,
  Profile,
  ProfileUpdateRequest,
  UserSettings,
} from '@fiscus/contracts';
import type { UserRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { toTokenRoles } from '../../../platform/roles.ts';
import type { UserChanges, UsersRepository } from './users.repository.ts';

/** The signed-in account's own data. Every method acts on `actor.user` only (access by design). */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly platformKeys: Record<PlatformId, string>,
    private readonly signToken: (user: UserRow) => string,
  ) {}

  async me(actor: Actor): Promise<MeResponse> {
    const { user } = actor;
    const parent = user.parentId ? await this.users.findById(user.parentId) : undefined;
    return {
      uid: user.id,
      email: user.email,
      fullname: user.fullname,
      roles: toTokenRoles(user.roles, this.platformKeys),
      is_sub_account: user.parentId !== null,
      parent_email: parent?.email ?? null,
      linked_registries: user.parentId ? await this.users.linkedRegistryCount(user.id) : null,
      enabled: user.enabled,
      created_at: user.createdAt.toISOString(),
    };
  }

  settings(actor: Actor): UserSettings {
    return toSettings(actor.user);
  }

  profile(actor: Actor): Profile {
    return toProfile(actor.user);
  }

  /** Read-only fields (email, VAT number, fiscal id) are ignored; left-out fields keep their value. */
  async updateProfile(actor: Actor, body: ProfileUpdateRequest): Promise<Profile> {
    const changes: UserChanges = {};
    const text = (value: string | null | undefined) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
    const assign = <K extends keyof UserChanges>(key: K, value: UserChanges[K] | undefined) => {
      if (value !== undefined) changes[key] = value;
    };
    assign('fullname', text(body.fullname));
    assign('invoicingName', text(body.invoicing_name));
    assign('invoicingAddress', text(body.invoicing_address));
    assign('invoicingCity', text(body.invoicing_city));
    assign('invoicingProvince', text(body.invoicing_province));
    assign('invoicingCap', text(body.invoicing_cap));
    assign('invoicingCountry', text(body.invoicing_country));
    assign('statisticsScope', text(body.statistics_scope));
    assign('creditAlertEmail', text(body.credit_alert_email));
    assign('preSaleAlertThreshold', body.pre_sale_alert_threshold);
    if (Object.keys(changes).length === 0) return toProfile(actor.user);
    return toProfile(await this.users.update(actor.user.id, changes));
  }

  /**
   * The new password moves the account's token version on (database trigger), which ends every
   * token signed before, this request's included; the answer is a token signed after the change,
   * for whoever holds the bearer: the user, or the administrator switched to them.
   */
  async changePassword(actor: Actor, body: PasswordChangeRequest): Promise<PasswordChangeResponse> {
    const updated = await this.users.update(actor.user.id, {
      passwordHash: await hashPassword(body.password),
    });
    const bearer =
      actor.impersonator && actor.impersonator.id !== updated.id ? actor.impersonator : updated;
    return { token: this.signToken(bearer) };
  }

  async setAcceptOnlyVerified(
    actor: Actor,
    body: AcceptOnlyVerifiedRequest,
  ): Promise<UserSettings> {
    const user = await this.users.update(actor.user.id, {
      acceptOnlyVerifiedSupplierInvoices: body.accept_only_verified_supplier_invoices,
    });
    return toSettings(user);
  }
}

function toSettings(user: UserRow): UserSettings {
  return {
    accept_only_verified_supplier_invoices: user.acceptOnlyVerifiedSupplierInvoices,
    apply_signature: user.applySignature,
  };
}

function toProfile(user: UserRow): Profile {
  return {
    email: user.email,
    fullname: user.fullname,
    invoicing_vat_number: user.invoicingVatNumber,
    invoicing_fiscal_id: user.invoicingFiscalId,
    invoicing_name: user.invoicingName,
    invoicing_address: user.invoicingAddress,
    invoicing_city: user.invoicingCity,
    invoicing_province: user.invoicingProvince,
    invoicing_cap: user.invoicingCap,
    invoicing_country: user.invoicingCountry,
    statistics_scope: user.statisticsScope,
    credit_alert_email: user.creditAlertEmail,
    pre_sale_alert_threshold: user.preSaleAlertThreshold,
    sdi_recipient: user.recipientCode ? { recipient_code: user.recipientCode } : null,
  };
}
