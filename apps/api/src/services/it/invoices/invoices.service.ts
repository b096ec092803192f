import type { Invoice, InvoiceNotification } from '@fiscus/contracts';
import type { AnyInvoice, InvoiceFormat } from '@fiscus/fatturapa';
import { parseInvoice, renderHtml, renderPdf } from '@fiscus/fatturapa';
import type { ItInvoiceRow, ItNotificationRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionPage } from '../../../platform/hydra.ts';
import { HttpProblem, notFound, unprocessable } from '../../../platform/problem-errors.ts';
import type { SdiGateway } from '../../../gateways/sdi/sdi-gateway.ts';
import {
  assertCanFix,
  assertCanSend,
  assertDirection,
  assertItReader,
  invoiceOwnerOf,
} from '../invoice-access.ts';
import { assertActsForParty } from '../invoice-scope.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { chargeSentInvoice } from '../../common/pre-sales/invoice-credit.ts';
import { invoicesCsv, type CsvFormat } from './invoice-csv.ts';
import type { ListedInvoice } from './invoice-item.ts';
import {
  listReadsOf,
  storedInvoiceValues,
  toInvoiceItem,
  toNotificationItem,
} from './invoice-item.ts';
import type { InvoiceBody, InvoiceKind } from './invoice-intake.ts';
import { acceptInvoice } from './invoice-intake.ts';
import type { InvoiceSummaryRow, ListedInvoiceRow } from './invoice-list-query.ts';
import { DRAFT_MARKINGS } from './invoice-lifecycle.ts';
import { InvoicesRepository } from './invoices.repository.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { ZipEntry } from './zip-archive.ts';
import { zipArchive } from './zip-archive.ts';

export type { ListedInvoice } from './invoice-item.ts';
export {
  listReadsOf,
  storedInvoiceValues,
  toInvoiceItem,
  toNotificationItem,
} from './invoice-item.ts';

/** Spec 9: the CSV report holds at most 5,000 records. */
export const REPORT_MAX_ROWS = 5000;

export type SendOptions = {
  fixInvoiceUuid?: string | undefined;
  disableEndpoints?: boolean;
};

export type PrintTheme = 'standard' | 'compact';

/** Fix rule (spec 4 "Fix mode"): rejected, latest NS has a 002/003/004 code, not archived or fixed. */
export function isFixable(row: ItInvoiceRow, notifications: ItNotificationRow[]): boolean {
  if (row.type !== 0 || row.marking !== 'rejected' || row.archived || row.fixedByUuid) return false;
  const latestNs = notifications.filter((n) => n.type === 'NS').at(-1);
  const errors =
    (latestNs?.message as { lista_errori?: { Codice?: string }[] } | undefined)?.lista_errori ?? [];
  return errors.some((error) => /^00[234]/.test(error.Codice ?? ''));
}

function parseQueryType(query: unknown): 0 | 1 {
  const type = (query as { type?: string } | undefined)?.type;
  return type === '1' ? 1 : 0;
}

const NOT_FIXABLE_MESSAGE =
  'The invoice is not fixable: only a rejected invoice whose latest rejection has a 002xx, 003xx or 004xx code, not archived and not already fixed.';

function notFixable() {
  return unprocessable([
    { propertyPath: 'X-Fix-Invoice-Uuid', message: NOT_FIXABLE_MESSAGE, code: 'not_fixable' },
  ]);
}

export class InvoicesService {
  constructor(
    private readonly db: Database,
    private readonly repository: InvoicesRepository,
    private readonly notificationsRepository: NotificationsRepository,
    private readonly sdi: SdiGateway,
    /** When invoices are created; the database's clock unless given (the demo history's). */
    private readonly clock?: () => Date,
  ) {}

  /** POST /invoices[/simplified]: validate, store with marking `waiting`, queue the transmission. */
  async create(
    actor: Actor,
    body: InvoiceBody,
    kind: InvoiceKind,
    options: SendOptions = {},
  ): Promise<{ uuid: string }> {
    assertCanSend(actor);
    const ownerId = invoiceOwnerOf(actor);
    const fixed = options.fixInvoiceUuid
      ? await this.fixTarget(actor, options.fixInvoiceUuid)
      : undefined;
    const accepted = await acceptInvoice(body, kind);
    const values = storedInvoiceValues(accepted);
    await this.assertActsForSupplier(actor, values);
    // The invoice, the fixed one's link and the transmission commit together, or none does.
    return this.db.transaction(async (tx) => {
      const invoices = new InvoicesRepository(tx);
      if (fixed) {
        // Two fixes of one invoice at once: the second waits here, then finds it fixed.
        const target = await invoices.findForUpdate(fixed.uuid);
        if (!target || target.fixedByUuid) throw notFixable();
      }
      const row = await invoices.insert({
        ownerId,
        type: 0,
        marking: 'waiting',
        ...values,
        fixOfUuid: fixed?.uuid ?? null,
        disableEndpoints: options.disableEndpoints ?? false,
        ...(this.clock ? { createdAt: this.clock() } : {}),
      });
      if (fixed) await invoices.update(fixed.uuid, { fixedByUuid: row.uuid });
      await chargeSentInvoice(tx, ownerId, this.clock?.() ?? new Date());
      await this.sdi.transmit(row.uuid, { db: tx });
      return { uuid: row.uuid };
    });
  }

  /**
   * A customer invoice or draft is its supplier's company's: a sub-account sends and drafts only
   * for the companies linked to it, the others are a 403 naming the fiscal id.
   */
  async assertActsForSupplier(
    actor: Actor,
    values: { senderFiscalId: string | null; senderVat: string | null },
  ): Promise<void> {
    await assertActsForParty(this.db, actingScopeOf(actor), {
      fiscalId: values.senderFiscalId,
      vat: values.senderVat,
    });
  }

  /** Sends a stored draft: the same validation as POST /invoices, then the same flow. */
  async sendStored(row: ItInvoiceRow, kind: InvoiceKind): Promise<{ uuid: string }> {
    const accepted = await acceptInvoice(Buffer.from(row.xml, 'utf8'), kind);
    return this.db.transaction(async (tx) => {
      const invoices = new InvoicesRepository(tx);
      // A draft sent twice at once: the second waits here, then finds an invoice.
      const draft = await invoices.findForUpdate(row.uuid);
      if (!draft || !(DRAFT_MARKINGS as readonly string[]).includes(draft.marking))
        throw notFound(`Draft ${row.uuid} not found.`);
      const sentAt = this.clock?.() ?? new Date();
      await invoices.update(row.uuid, {
        marking: 'waiting',
        createdAt: sentAt,
        ...storedInvoiceValues(accepted),
      });
      await chargeSentInvoice(tx, draft.ownerId, sentAt);
      await this.sdi.transmit(row.uuid, { db: tx });
      return { uuid: row.uuid };
    });
  }

  async validate(actor: Actor, body: InvoiceBody, kind: InvoiceKind): Promise<{ valid: true }> {
    assertItReader(actor);
    await acceptInvoice(body, kind);
    return { valid: true };
  }

  private async fixTarget(actor: Actor, uuid: string): Promise<ItInvoiceRow> {
    assertCanFix(actor);
    const row = await this.repository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound(`Invoice ${uuid} not found.`);
    const notifications = await this.notificationsRepository.of([row.uuid]);
    if (!isFixable(row, notifications)) throw notFixable();
    return row;
  }

  async list(
    actor: Actor,
    query: unknown,
    extended: boolean,
  ): Promise<CollectionPage<ListedInvoice>> {
    const type = parseQueryType(query);
    assertDirection(actor, type);
    const reads = listReadsOf(query);
    const page = await this.repository.list(
      { ...actingScopeOf(actor), type, drafts: false },
      query,
      reads.columns,
    );
    return { ...page, items: await this.items(page.items, extended && reads.notifications) };
  }

  async listRows(actor: Actor, query: unknown): Promise<CollectionPage<ItInvoiceRow>> {
    const type = parseQueryType(query);
    assertDirection(actor, type);
    return this.repository.list(
      { ...actingScopeOf(actor), type, drafts: false },
      query,
      'with-xml',
    );
  }

  async items(rows: ListedInvoiceRow[], extended: boolean): Promise<Invoice[]>;
  async items(rows: InvoiceSummaryRow[], extended: boolean): Promise<ListedInvoice[]>;
  async items(rows: InvoiceSummaryRow[], extended: boolean): Promise<ListedInvoice[]> {
    if (!extended) return rows.map((row) => toInvoiceItem(row));
    const notifications = await this.notificationsRepository.of(rows.map((row) => row.uuid));
    return rows.map((row) =>
      toInvoiceItem(
        row,
        notifications.filter((n) => n.invoiceUuid === row.uuid),
      ),
    );
  }

  /** The caller's invoice, or 404 (another account's uuid is not found, never forbidden). */
  async get(actor: Actor, uuid: string): Promise<ItInvoiceRow> {
    assertItReader(actor);
    const row = await this.repository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound(`Invoice ${uuid} not found.`);
    assertDirection(actor, row.type);
    return row;
  }

  async getItem(actor: Actor, uuid: string, extended: boolean): Promise<Invoice> {
    const [item] = await this.items([await this.get(actor, uuid)], extended);
    if (!item) throw notFound();
    return item;
  }

  async notifications(actor: Actor, uuid: string): Promise<InvoiceNotification[]> {
    const row = await this.get(actor, uuid);
    return (await this.notificationsRepository.of([row.uuid])).map(toNotificationItem);
  }

  async notificationXml(actor: Actor, uuid: string): Promise<{ fileName: string; xml: string }> {
    assertItReader(actor);
    const row = await this.notificationsRepository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound(`Notification ${uuid} not found.`);
    return { fileName: row.fileName, xml: row.xml };
  }

  async notificationItem(actor: Actor, uuid: string): Promise<InvoiceNotification> {
    assertItReader(actor);
    const row = await this.notificationsRepository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound(`Notification ${uuid} not found.`);
    return toNotificationItem(row);
  }

  async fixInfo(actor: Actor, uuid: string): Promise<{ uuid: string; is_fixable: boolean }> {
    const row = await this.get(actor, uuid);
    return {
      uuid: row.uuid,
      is_fixable: isFixable(row, await this.notificationsRepository.of([row.uuid])),
    };
  }

  /** Marks a rejected invoice as solved: it leaves the "rejected to fix" list. */
  async archiveRejected(actor: Actor, uuid: string): Promise<ItInvoiceRow> {
    const row = await this.get(actor, uuid);
    assertCanSend(actor);
    if (row.marking !== 'rejected') {
      throw new HttpProblem(
        409,
        `Only a rejected invoice can be archived; this one is ${row.marking}.`,
      );
    }
    return (await this.repository.update(row.uuid, { archived: true })) ?? row;
  }

  async setDownloaded(
    actor: Actor,
    uuids: string[],
    downloaded: boolean,
  ): Promise<{ updated: number }> {
    assertItReader(actor);
    return {
      updated: await this.repository.setDownloaded(
        actingScopeOf(actor),
        [...new Set(uuids)],
        downloaded,
      ),
    };
  }

  async attachment(
    actor: Actor,
    uuid: string,
    index: number,
  ): Promise<{ name: string; data: Buffer; mime: string }> {
    const row = await this.get(actor, uuid);
    const invoice = row.payload as {
      fattura_elettronica_body?: {
        allegati?: { nome_attachment?: string; attachment?: string; formato_attachment?: string }[];
      }[];
    };
    const attachments = (invoice.fattura_elettronica_body ?? []).flatMap(
      (body) => body.allegati ?? [],
    );
    const attachment = attachments[index];
    if (!attachment?.attachment) throw notFound(`Invoice ${uuid} has no attachment ${index}.`);
    const format = (attachment.formato_attachment ?? '').toLowerCase();
    const mime =
      format === 'pdf' || /\.pdf$/i.test(attachment.nome_attachment ?? '')
        ? 'application/pdf'
        : 'application/octet-stream';
    return {
      name: attachment.nome_attachment ?? `attachment-${index}`,
      data: Buffer.from(attachment.attachment.replace(/\s+/g, ''), 'base64'),
      mime,
    };
  }

  async html(row: ItInvoiceRow, theme: PrintTheme): Promise<string> {
    return renderHtml(row.payload as AnyInvoice, { lang: 'it', theme });
  }

  async pdf(row: ItInvoiceRow, theme: PrintTheme): Promise<Uint8Array> {
    return renderPdf(row.payload as AnyInvoice, { lang: 'it', theme });
  }

  async report(actor: Actor, query: unknown, format?: CsvFormat): Promise<string> {
    const type = parseQueryType(query);
    assertDirection(actor, type);
    const rows = await this.repository.report(
      { ...actingScopeOf(actor), type, drafts: false },
      query,
      REPORT_MAX_ROWS,
    );
    return invoicesCsv(rows, format);
  }

  /** Zip of one page: the CSV index plus each invoice's XML, PDF or metadata JSON. */
  async zipPage(
    actor: Actor,
    query: unknown,
    content: 'xml' | 'pdf' | 'metadata',
    theme: PrintTheme,
    format?: CsvFormat,
  ): Promise<{ zip: Buffer; page: number; type: 0 | 1 }> {
    const page = await this.listRows(actor, query);
    const entries: ZipEntry[] = [{ name: 'index.csv', data: invoicesCsv(page.items, format) }];
    for (const row of page.items) {
      const base = (row.sdiFileName ?? `${row.uuid}.xml`).replace(/\.xml$/i, '');
      if (content === 'pdf')
        entries.push({ name: `${base}_${row.uuid}.pdf`, data: await this.pdf(row, theme) });
      else if (content === 'metadata')
        entries.push({
          name: `${base}_${row.uuid}.json`,
          data: JSON.stringify(toInvoiceItem(row), null, 2),
        });
      else entries.push({ name: `${base}_${row.uuid}.xml`, data: row.xml });
    }
    return { zip: zipArchive(entries), page: page.page, type: parseQueryType(query) };
  }

  /** Re-reads a stored XML (used by imports and drafts to refresh derived values). */
  static async reparse(
    xml: string,
  ): Promise<{ invoice: AnyInvoice; format: InvoiceFormat } | undefined> {
    const parsed = await parseInvoice(xml);
    return parsed.ok ? { invoice: parsed.invoice, format: parsed.format } : undefined;
  }
}
