import type { Invoice } from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/hydra.ts';
import { HttpProblem, notFound } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { assertCanDraft, assertCanSend, invoiceOwnerOf } from '../invoice-access.ts';
import type { InvoiceBody, InvoiceKind } from '../invoices/invoice-intake.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { ListedInvoice } from '../invoices/invoice-item.ts';
import { listReadsOf, storedInvoiceValues, toInvoiceItem } from '../invoices/invoice-item.ts';
import { readDraft } from './draft-intake.ts';

/**
 * Drafts live in it_invoices with marking draft / draft-blocked (see the schema's comment). A
 * draft is a customer invoice to be: it belongs to its supplier's company, and a sub-account
 * reads and writes only the drafts of the companies linked to it (the acting scope).
 */
export class DraftsService {
  constructor(
    private readonly repository: InvoicesRepository,
    private readonly invoices: InvoicesService,
  ) {}

  async list(actor: Actor, query: unknown): Promise<CollectionPage<ListedInvoice>> {
    assertCanDraft(actor);
    const page = await this.repository.list(
      { ...actingScopeOf(actor), type: 0, drafts: true },
      query,
      listReadsOf(query).columns,
    );
    return { ...page, items: page.items.map((row) => toInvoiceItem(row)) };
  }

  private async find(actor: Actor, uuid: string) {
    assertCanDraft(actor);
    const row = await this.repository.findOwned(actingScopeOf(actor), uuid, true);
    if (!row) throw notFound(`Draft ${uuid} not found.`);
    return row;
  }

  async get(actor: Actor, uuid: string): Promise<Invoice> {
    return toInvoiceItem(await this.find(actor, uuid));
  }

  /** The draft's XML as stored: what send would transmit (the drafts dialog's XML tab). */
  async xml(actor: Actor, uuid: string): Promise<string> {
    return (await this.find(actor, uuid)).xml;
  }

  async create(
    actor: Actor,
    body: InvoiceBody,
    kind: InvoiceKind,
    blocked: boolean,
  ): Promise<{ uuid: string }> {
    assertCanDraft(actor);
    const values = storedInvoiceValues(await readDraft(body, kind));
    await this.invoices.assertActsForSupplier(actor, values);
    const row = await this.repository.insert({
      ownerId: invoiceOwnerOf(actor),
      type: 0,
      marking: blocked ? 'draft-blocked' : 'draft',
      ...values,
    });
    return { uuid: row.uuid };
  }

  /** Replaces the draft's content; `X-Draft-Blocked` given on update sets the block too. */
  async update(
    actor: Actor,
    uuid: string,
    body: InvoiceBody,
    kind: InvoiceKind,
    blocked: boolean | undefined,
  ): Promise<Invoice> {
    await this.find(actor, uuid);
    const values = storedInvoiceValues(await readDraft(body, kind));
    // Not moved to a company the login may not act for either.
    await this.invoices.assertActsForSupplier(actor, values);
    const row = await this.repository.update(uuid, {
      ...values,
      ...(blocked === undefined ? {} : { marking: blocked ? 'draft-blocked' : 'draft' }),
    });
    if (!row) throw notFound(`Draft ${uuid} not found.`);
    return toInvoiceItem(row);
  }

  /** Sends the draft: blocked → 409; the same validation as POST /invoices (400 violations). */
  async send(actor: Actor, uuid: string, kind: InvoiceKind): Promise<{ uuid: string }> {
    const row = await this.find(actor, uuid);
    assertCanSend(actor);
    if (row.marking === 'draft-blocked') throw new HttpProblem(409, 'draft send error blocked');
    if ((kind === 'simplified') !== (row.transmissionFormat === 'FSM10')) {
      throw new HttpProblem(
        409,
        `This draft is ${row.transmissionFormat}: send it through the ${row.transmissionFormat === 'FSM10' ? 'simplified' : 'standard'} endpoint.`,
      );
    }
    return this.invoices.sendStored(row, kind);
  }

  async delete(actor: Actor, uuid: string): Promise<void> {
    await this.find(actor, uuid);
    await this.repository.delete(uuid);
  }
}
