import { createHash, randomBytes } from 'node:crypto';
import type {
  FisconlineConsentForm,
  FisconlineCredentialsRequest,
  AppointStatus,
  FisconlineCredentialsStatus,
  FisconlineInteractiveSetup,
} from '@fiscus/contracts';
import {
  fisconlineCredentialsSchema,
  INVALID_CREDENTIALS_CODE,
  taxPortalMessages,
} from '@fiscus/contracts';
import type { ItTaxPortalCredentialsRow } from '../../../db/schema/index.ts';
import type {
  FisconlineCredentials,
  TaxPortalCredentialsReader,
  TaxPortalGateway,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Actor } from '../../../platform/auth.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { businessOf, subAccountOf } from '../../../platform/tenancy.ts';
import type { BusinessRegistryConfigurationsRepository } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { assertRegistryReader } from '../business-registry-configurations/business-registry-configurations.service.ts';
import type { CredentialSealer } from './credential-sealing.ts';
import type { OpenConsent, TaxDrawerRepository } from './tax-drawer.repository.ts';

/** How long a consent link of the interactive set-up may be opened and submitted. */
export const CONSENT_LINK_TTL_MS = 15 * 60 * 1000;

/** The path of the consent page under the API's public URL; the token follows it. */
export const CONSENT_PAGE_PATH = '/api/it/tax-portal/consent';

/** 422 `INVALID_CREDENTIALS`: the portal refused the credentials (spec 8, provider notes). */
export function invalidCredentials() {
  return unprocessable([
    violation('', taxPortalMessages.invalidCredentials, INVALID_CREDENTIALS_CODE),
  ]);
}

/** What the consent page shows of the registry (never the stored credentials). */
export type ConsentSubject = Pick<OpenConsent, 'fiscalId' | 'name' | 'expiresAt'>;

/** The outcome of a consent form: stored, or why not (the page says it, the link stays open). */
export type ConsentOutcome = 'stored' | 'invalid-credentials' | 'no-consent' | 'incomplete';

export type TaxDrawerOptions = {
  /** The API's public URL (PUBLIC_URL): the consent link starts with it. */
  publicUrl: string;
  clock?: () => Date;
};

/**
 * The tax drawer tab (account spec 2.7, 3, 7): a registry's Fisconline credentials, checked with
 * the tax portal, sealed at rest and never returned, and the interactive set-up, whose one-time
 * link opens the portal's consent page. Also the download job's read of stored credentials.
 */
export class TaxDrawerService implements TaxPortalCredentialsReader {
  constructor(
    private readonly registries: BusinessRegistryConfigurationsRepository,
    private readonly repository: TaxDrawerRepository,
    private readonly portal: TaxPortalGateway,
    private readonly sealer: CredentialSealer,
    private readonly options: TaxDrawerOptions,
  ) {}

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  async status(actor: Actor, fiscalId: string): Promise<FisconlineCredentialsStatus> {
    const registry = await this.registry(actor, fiscalId);
    return toStatus(await this.repository.credentialsOf(registry.uuid));
  }

  /** `PUT .../credentials/fisconline`: checked with the portal first; refused ones change nothing. */
  async setCredentials(
    actor: Actor,
    fiscalId: string,
    body: FisconlineCredentialsRequest,
  ): Promise<FisconlineCredentialsStatus> {
    const registry = await this.registry(actor, fiscalId);
    const credentials = fromRequest(body);
    if ((await this.portal.checkCredentials(credentials)) !== 'ok') throw invalidCredentials();
    const row = await this.repository.saveCredentials({
      registryUuid: registry.uuid,
      ownerId: registry.ownerId,
      sealed: this.sealer.seal(credentials, registry.uuid),
      source: 'form',
      setAt: this.now(),
    });
    return toStatus(row);
  }

  /**
   * `POST .../appoint/fisconline`: the holder appoints the provider to send the registry's smart
   * receipts with their Fisconline credentials: checked with the portal and stored like the tax
   * drawer's (they are the same credentials), then the appointment's status.
   */
  async appointWithFisconline(
    actor: Actor,
    fiscalId: string,
    body: FisconlineCredentialsRequest,
  ): Promise<AppointStatus> {
    await this.setCredentials(actor, fiscalId, body);
    return this.appointStatus(actor, fiscalId);
  }

  /** `GET .../appoint/status`: appointed while Fisconline credentials are stored for the registry. */
  async appointStatus(actor: Actor, fiscalId: string): Promise<AppointStatus> {
    const registry = await this.registry(actor, fiscalId);
    const row = await this.repository.credentialsOf(registry.uuid);
    const credentials = row ? this.sealer.open(row.sealed, row.registryUuid) : undefined;
    return {
      receipt_enabled: registry.receiptsEnabled,
      appointee: credentials?.codiceFiscale ?? null,
      status: credentials ? 'appointed' : 'not_appointed',
      url: null,
    };
  }

  /**
   * `POST .../credentials/fisconline/interactive`: a one-time link (15 minutes) to the portal's
   * consent page. Only a registry with a phone number may start it (spec 2.7).
   */
  async startInteractive(actor: Actor, fiscalId: string): Promise<FisconlineInteractiveSetup> {
    const registry = await this.registry(actor, fiscalId);
    if (!registry.phoneNumber?.trim()) {
      throw unprocessable([violation('phone_number', taxPortalMessages.phoneRequired, 'is_blank')]);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + CONSENT_LINK_TTL_MS);
    await this.repository.createConsent({
      tokenHash: tokenHash(token),
      registryUuid: registry.uuid,
      ownerId: registry.ownerId,
      expiresAt,
    });
    return {
      url: `${this.options.publicUrl}${CONSENT_PAGE_PATH}/${token}`,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** The registry a consent link is for; 404 when the link is unknown, used or expired. */
  async consentSubject(token: string): Promise<ConsentSubject> {
    const consent = await this.repository.openConsent(tokenHash(token), this.now());
    if (!consent) throw consentNotFound();
    return consent;
  }

  /** The consent page's form: the portal checks the credentials, then the link is spent once. */
  async submitConsent(token: string, form: FisconlineConsentForm): Promise<ConsentOutcome> {
    const hash = tokenHash(token);
    const consent = await this.repository.openConsent(hash, this.now());
    if (!consent) throw consentNotFound();
    const parsed = fisconlineCredentialsSchema.safeParse(form);
    if (!parsed.success) return 'incomplete';
    if (form.consent !== 'yes') return 'no-consent';
    const credentials = fromRequest(parsed.data);
    if ((await this.portal.checkCredentials(credentials)) !== 'ok') return 'invalid-credentials';
    const stored = await this.repository.spendConsent(hash, this.now(), {
      registryUuid: consent.registryUuid,
      ownerId: consent.ownerId,
      sealed: this.sealer.seal(credentials, consent.registryUuid),
    });
    if (!stored) throw consentNotFound();
    return 'stored';
  }

  /** The stored credentials of a tenant's registry, opened; undefined when none (or unreadable). */
  async credentialsOf(
    tenantId: string,
    fiscalId: string,
  ): Promise<FisconlineCredentials | undefined> {
    const row = await this.repository.credentialsByFiscalId(tenantId, normalFiscalId(fiscalId));
    return row ? this.sealer.open(row.sealed, row.registryUuid) : undefined;
  }

  /** The registry in the actor's scope (a sub-account: only those linked to it), else 404. */
  private async registry(actor: Actor, fiscalId: string) {
    assertRegistryReader(actor);
    const row = await this.registries.findByFiscalId(
      { ownerId: businessOf(actor), subAccountId: subAccountOf(actor) },
      normalFiscalId(fiscalId),
    );
    if (!row) throw notFound('Business registry configuration not found.');
    return row;
  }
}

function normalFiscalId(fiscalId: string): string {
  return fiscalId.trim().toUpperCase();
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function consentNotFound() {
  return notFound('This consent link is unknown, already used or expired.');
}

function fromRequest(body: FisconlineCredentialsRequest): FisconlineCredentials {
  return { codiceFiscale: body.codice_fiscale, password: body.password, pin: body.pin };
}

function toStatus(row: ItTaxPortalCredentialsRow | undefined): FisconlineCredentialsStatus {
  return row
    ? { credentials_set: true, set_at: row.setAt.toISOString(), source: row.source }
    : { credentials_set: false, set_at: null, source: null };
}
