import { and, eq, inArray } from 'drizzle-orm';
import type {
  RejectedInvoicesCount,
  RejectedInvoicesRange,
  RejectedInvoicesRecovery,
} from '@fiscus/contracts';
import {
  RECOVER_DEFAULT_DAYS,
  RECOVER_MAX_RANGE_DAYS,
  rejectedInvoicesMessages,
} from '@fiscus/contracts';
import { itBusinessRegistryConfigurations, itInvoices } from '../../../db/schema/index.ts';
import { romeInstant } from '../../../gateways/tax-portal/cassetto-history.ts';
import type {
  CassettoRange,
  CassettoRejection,
  TaxPortalCredentialsReader,
  TaxPortalGateway,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import {
  forbidden,
  HttpProblem,
  notFound,
  unprocessable,
  violation,
} from '../../../platform/problem-errors.ts';
import { hasRole } from '../../../platform/roles.ts';
import { businessOf, subAccountOf } from '../../../platform/tenancy.ts';
import type { BusinessRegistryConfigurationsRepository } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { ImportsService } from '../imports/imports.service.ts';
import { assertCanSend } from '../invoice-access.ts';
import { romeToday } from '../sdi-simulation/generated-invoice.ts';
import { invalidCredentials } from '../tax-drawer/tax-drawer.service.ts';

/** The recover tab's role (account spec 2.7, 6). */
export const ROLE_INVOICING_RECOVER = 'ROLE_INVOICING_RECOVER';

export function assertCanRecover(actor: Actor): void {
  if (!hasRole(actor.roles, 'it', ROLE_INVOICING_RECOVER)) {
    throw forbidden('Recovering rejected invoices needs ROLE_INVOICING_RECOVER.');
  }
}

/** The code of the violation when the registry has no Fisconline credentials yet. */
export const CREDENTIALS_MISSING_CODE = 'CREDENTIALS_MISSING';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `days` (calendar arithmetic on UTC dates, no time zone involved). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a Europe/Rome day starts. */
function romeDayStart(day: string): Date {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return romeInstant(year, month, date, 0);
}

/**
 * The recover tab (account spec 2.7, 3, 7, 9): the invoices a registry's fiscal id sent that SDI
 * rejected, read from the tax portal's cassetto with the registry's stored credentials, counted
 * (pending: not yet among the account's customer invoices, by SDI id) and imported through the
 * customer-invoice import with their NS, so they land in marking rejected, ready to be fixed.
 */
export class RejectedInvoicesService {
  constructor(
    private readonly db: Database,
    private readonly registries: BusinessRegistryConfigurationsRepository,
    private readonly portal: TaxPortalGateway,
    private readonly credentials: TaxPortalCredentialsReader,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async count(
    actor: Actor,
    fiscalId: string,
    query: RejectedInvoicesRange,
  ): Promise<RejectedInvoicesCount> {
    const { ownerId, rejections } = await this.cassetto(actor, fiscalId, query);
    const present = await this.presentSdiIds(
      this.db,
      ownerId,
      rejections.map((r) => r.sdiId),
    );
    return {
      count: rejections.length,
      pending: rejections.filter((rejection) => !present.has(rejection.sdiId)).length,
    };
  }

  async recover(
    actor: Actor,
    fiscalId: string,
    body: RejectedInvoicesRange,
  ): Promise<RejectedInvoicesRecovery> {
    assertCanRecover(actor);
    assertCanSend(actor);
    const { ownerId, registryUuid, rejections } = await this.cassetto(actor, fiscalId, body);
    const recovery: RejectedInvoicesRecovery = { recovered: [], skipped: 0, failed: [] };
    for (const rejection of rejections) {
      try {
        const uuid = await this.importOnce(actor, ownerId, registryUuid, rejection);
        if (uuid === undefined) recovery.skipped += 1;
        else
          recovery.recovered.push({
            uuid,
            sdi_id: rejection.sdiId,
            file_name: rejection.fileName,
            rejected_at: rejection.rejectedAt.toISOString(),
          });
      } catch (error) {
        if (!(error instanceof HttpProblem) || error.status !== 422) throw error;
        recovery.failed.push({
          sdi_id: rejection.sdiId,
          file_name: rejection.fileName,
          message: error.detail ?? 'The invoice could not be imported.',
        });
      }
    }
    return recovery;
  }

  /**
   * Imports one rejection unless the account already has a customer invoice with its SDI id.
   * The registry row is locked for the check and the import, so two recoveries at once import
   * it once; a refused import leaves nothing.
   */
  private async importOnce(
    actor: Actor,
    ownerId: string,
    registryUuid: string,
    rejection: CassettoRejection,
  ): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ uuid: itBusinessRegistryConfigurations.uuid })
        .from(itBusinessRegistryConfigurations)
        .where(eq(itBusinessRegistryConfigurations.uuid, registryUuid))
        .for('update');
      if ((await this.presentSdiIds(tx, ownerId, [rejection.sdiId])).size > 0) return undefined;
      const { uuid } = await new ImportsService(tx).importCustomerInvoice(actor, {
        invoice: rejection.xml.toString('base64'),
        invoice_file_name: rejection.fileName,
        sdi_id: rejection.sdiId,
        notifications: { NS: rejection.notificationXml.toString('base64') },
      });
      return uuid;
    });
  }

  /** The registry (in the actor's scope), its credentials checked by the portal, its rejections. */
  private async cassetto(actor: Actor, fiscalId: string, range: RejectedInvoicesRange) {
    assertCanRecover(actor);
    const instants = this.range(range);
    const ownerId = businessOf(actor);
    const registry = await this.registries.findByFiscalId(
      { ownerId, subAccountId: subAccountOf(actor) },
      fiscalId.trim().toUpperCase(),
    );
    if (!registry) throw notFound('Business registry configuration not found.');
    const credentials = await this.credentials.credentialsOf(ownerId, registry.fiscalId);
    if (!credentials) {
      // The code (and the fiscal id) for a client that words the refusal in its own language.
      throw unprocessable([
        {
          ...violation(
            'fiscal_id',
            'Store the Fisconline credentials of this business registry configuration (tax drawer tab) first.',
            CREDENTIALS_MISSING_CODE,
          ),
          parameters: { fiscal_id: registry.fiscalId },
        },
      ]);
    }
    if ((await this.portal.checkCredentials(credentials)) !== 'ok') throw invalidCredentials();
    const rejections = await this.portal.rejectedInvoices(registry.fiscalId, instants);
    return { ownerId, registryUuid: registry.uuid, rejections };
  }

  /** from_date..to_date (Europe/Rome days, both included; default the last 90 days) as instants. */
  private range(range: RejectedInvoicesRange): CassettoRange {
    const to = range.to_date ?? romeToday(this.clock());
    const from = range.from_date ?? addDays(to, -RECOVER_DEFAULT_DAYS);
    if (from > to) {
      throw unprocessable([
        {
          ...violation('to_date', rejectedInvoicesMessages.dateOrder, 'invalid'),
          propertyContent: to,
        },
      ]);
    }
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    if (days > RECOVER_MAX_RANGE_DAYS) {
      throw unprocessable([
        {
          ...violation('to_date', rejectedInvoicesMessages.rangeTooLong, 'invalid'),
          propertyContent: to,
        },
      ]);
    }
    return { from: romeDayStart(from), to: romeDayStart(addDays(to, 1)) };
  }

  private async presentSdiIds(db: Database, ownerId: string, sdiIds: string[]) {
    if (sdiIds.length === 0) return new Set<string>();
    const rows = await db
      .select({ sdiId: itInvoices.sdiFileId })
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.ownerId, ownerId),
          eq(itInvoices.type, 0),
          inArray(itInvoices.sdiFileId, sdiIds),
        ),
      );
    return new Set(rows.map((row) => row.sdiId ?? ''));
  }
}
