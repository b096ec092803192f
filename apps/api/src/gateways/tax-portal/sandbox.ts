import type { SdiSigner } from '@fiscus/sdi-messages';
import { createSandboxSigner } from '../sdi/sandbox.ts';
import { seededReceivedInvoices, seededRejections } from './cassetto-history.ts';
import { isDemoFisconline } from './fisconline-demo.ts';
import type {
  CassettoInvoice,
  CassettoRange,
  CassettoRejection,
  FisconlineCredentials,
  SdiCassettoSource,
  TaxPortalGateway,
} from './tax-portal-gateway.ts';

/** A fiscal id as the cassetto knows it: 11 digits or a 16-character codice fiscale. */
const FISCAL_ID = /^(?:\d{11}|[A-Z0-9]{16})$/;

export type SandboxTaxPortalOptions = {
  /** What this instance's SDI sandbox delivered and rejected (the invoice tables). */
  source: SdiCassettoSource;
  signer?: SdiSigner;
  /** The portal's clock: nothing later than now is in a cassetto (the demo history sets its own). */
  clock?: () => Date;
};

/**
 * The Agenzia delle Entrate portal as a sandbox: it accepts only the demo Fisconline set
 * (fisconline-demo.ts) and keeps, for every fiscal id, a cassetto fiscale made of what this
 * instance's SDI sandbox delivered to it or rejected from it, plus a seeded history
 * (cassetto-history.ts). Documents are unique by SDI id and come oldest first.
 */
export class SandboxTaxPortalGateway implements TaxPortalGateway {
  private signerInstance: SdiSigner | undefined;

  constructor(private readonly options: SandboxTaxPortalOptions) {
    this.signerInstance = options.signer;
  }

  private readonly signer = (): SdiSigner => {
    this.signerInstance ??= createSandboxSigner();
    return this.signerInstance;
  };

  async checkCredentials(credentials: FisconlineCredentials): Promise<'ok' | 'invalid'> {
    return isDemoFisconline(credentials) ? 'ok' : 'invalid';
  }

  async receivedInvoices(fiscalId: string, range: CassettoRange): Promise<CassettoInvoice[]> {
    const id = cassettoId(fiscalId);
    const visible = this.visible(range);
    if (!id || !visible) return [];
    const delivered = await this.options.source.delivered(id, visible);
    const seeded = seededReceivedInvoices(id, await this.holderName(id), visible);
    return uniqueOldestFirst([...delivered, ...seeded], (invoice) => invoice.receivedAt);
  }

  async rejectedInvoices(fiscalId: string, range: CassettoRange): Promise<CassettoRejection[]> {
    const id = cassettoId(fiscalId);
    const visible = this.visible(range);
    if (!id || !visible) return [];
    const rejected = await this.options.source.rejected(id, visible);
    const seeded = seededRejections(id, await this.holderName(id), visible, this.signer);
    return uniqueOldestFirst([...rejected, ...seeded], (rejection) => rejection.rejectedAt);
  }

  private async holderName(fiscalId: string): Promise<string> {
    return (await this.options.source.holderName(fiscalId)) ?? `AZIENDA ${fiscalId}`;
  }

  /** The range cut at the portal's now; undefined when nothing of it has happened yet. */
  private visible(range: CassettoRange): CassettoRange | undefined {
    const now = this.options.clock?.() ?? new Date();
    const to = new Date(Math.min(range.to.getTime(), now.getTime()));
    if (Number.isNaN(range.from.getTime()) || Number.isNaN(to.getTime())) return undefined;
    return to.getTime() > range.from.getTime() ? { from: range.from, to } : undefined;
  }
}

function cassettoId(fiscalId: string): string | undefined {
  const id = fiscalId.trim().toUpperCase();
  const withoutCountry = /^IT\d{11}$/.test(id) ? id.slice(2) : id;
  return FISCAL_ID.test(withoutCountry) ? withoutCountry : undefined;
}

function uniqueOldestFirst<T extends { sdiId: string }>(items: T[], at: (item: T) => Date): T[] {
  const bySdiId = new Map<string, T>();
  for (const item of items) if (!bySdiId.has(item.sdiId)) bySdiId.set(item.sdiId, item);
  return [...bySdiId.values()].sort(
    (a, b) => at(a).getTime() - at(b).getTime() || a.sdiId.localeCompare(b.sdiId),
  );
}
