import {
  RECEIPT_VIOLATION_MESSAGES,
  type Receipt,
  type ReceiptDetails,
  type ReceiptListQuery,
  type ReceiptRequest,
  type ReceiptReturnRequest,
  type ReceiptViolationKey,
} from '@fiscus/contracts';
import {
  canVoid,
  computeReceipt,
  computeReturn,
  figureText,
  lineTotals,
  type ReceiptViolation,
} from '@fiscus/smart-receipts';
import { inClosingWindow } from '../../../gateways/ade-receipts/rome-clock.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import {
  badRequest,
  forbidden,
  HttpProblem,
  notFound,
  violation,
} from '../../../platform/problem-errors.ts';
import {
  actingScopeOf,
  businessOf,
  companyFiscalId,
  mayActFor,
  type ActingScope,
} from '../../../platform/tenancy.ts';
import { assertReceiptsUser } from './receipt-access.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { figuresOf, itemRow, receiptFileStem, toDetails, toReceipt } from './receipt-rows.ts';
import { RECEIPT_SEND_JOB, type ReceiptSendPayload, sendJobOptions } from './receipt-sending.ts';
import type { ReceiptsRepository } from './receipts.repository.ts';

const LOTTERY_CODE = /^[A-Z0-9]{8}$/;
const ZERO = figureText(0n);

function violationsOf(found: ReceiptViolation[]) {
  return found.map((entry) =>
    violation(
      entry.path,
      RECEIPT_VIOLATION_MESSAGES[entry.code as ReceiptViolationKey] ?? entry.code,
      entry.code,
    ),
  );
}

/** 400 with every violation, each on its field's path (spec 8: an empty path is the form's banner). */
function refused(found: ReceiptViolation[]): HttpProblem {
  return badRequest('The receipt was not accepted.', violationsOf(found));
}

export type ReceiptsServiceDeps = {
  db: Database;
  repository: ReceiptsRepository;
  jobs: JobQueue;
  clock?: () => Date;
  /** The sandbox's time scale: the first retry of an unreachable service after this long. */
  retryDelayMs: number;
};

/**
 * Smart receipts (spec 3, 4, 7; provider section 4): a sale is worked out and checked at once
 * (400 with violations, nothing stored, as the provider's pre-validation), stored as `new` and
 * sent to the Agenzia by a job; returns and voids are receipts of their own, made from an
 * accepted sale. Every read and write is in the acting scope: another company's receipt is 404.
 */
export class ReceiptsService {
  constructor(private readonly deps: ReceiptsServiceDeps) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  async list(actor: Actor, query: ReceiptListQuery): Promise<CollectionPage<Receipt>> {
    assertReceiptsUser(actor);
    return mapPage(await this.deps.repository.list(actingScopeOf(actor), query), toReceipt);
  }

  async get(actor: Actor, uuid: string): Promise<Receipt> {
    return toReceipt(await this.find(actor, uuid));
  }

  async details(actor: Actor, uuid: string): Promise<ReceiptDetails> {
    const row = await this.find(actor, uuid);
    const [items, returned] = await Promise.all([
      this.deps.repository.itemsOf(uuid),
      row.type === 'sale' ? this.deps.repository.returnLinesOf(uuid) : Promise.resolve([]),
    ]);
    return toDetails(row, items, returned);
  }

  /** The receipt as the customer gets it (spec 7: details as a PDF). */
  async pdf(actor: Actor, uuid: string): Promise<{ body: Buffer; fileName: string }> {
    const details = await this.details(actor, uuid);
    const registry = await this.deps.repository.registry(businessOf(actor), details.fiscal_id);
    const saleUuid = details.returned_receipt ?? details.voided_receipt;
    const sale = saleUuid
      ? await this.deps.repository.findOwned(actingScopeOf(actor), saleUuid)
      : undefined;
    const body = await receiptPdf(
      details,
      { name: registry?.name ?? null },
      sale
        ? {
            document_number: sale.documentNumber,
            document_date: sale.documentDate?.toISOString() ?? null,
          }
        : null,
    );
    return { body, fileName: `${receiptFileStem(details.document_number, details.uuid)}.pdf` };
  }

  private async find(actor: Actor, uuid: string) {
    assertReceiptsUser(actor);
    const row = await this.deps.repository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound('Receipt not found.');
    return row;
  }

  async create(actor: Actor, body: ReceiptRequest): Promise<Receipt> {
    assertReceiptsUser(actor);
    const scope = actingScopeOf(actor);
    const fiscalId = companyFiscalId(body.fiscal_id);
    if (!(await mayActFor(this.deps.db, scope, fiscalId))) {
      throw forbidden(`This account may not act for ${fiscalId}.`);
    }
    const found: ReceiptViolation[] = [];
    const registry = await this.deps.repository.registry(businessOf(actor), fiscalId);
    if (!registry?.receiptsEnabled) {
      found.push({ path: 'fiscal_id', code: 'fiscal_id_not_receipts_enabled' });
    }
    const lotteryCode = body.lottery_code ? body.lottery_code.toUpperCase() : null;
    if (lotteryCode !== null && !LOTTERY_CODE.test(lotteryCode)) {
      found.push({ path: 'lottery_code', code: 'lottery_code_invalid' });
    }
    const worked = computeReceipt({
      ...body,
      items: body.items.map((item) => ({
        ...item,
        quantity: String(item.quantity),
        unit_price: String(item.unit_price),
        discount: item.discount == null ? null : String(item.discount),
      })),
    } as Parameters<typeof computeReceipt>[0]);
    if (!worked.ok) found.push(...worked.violations);
    if (found.length > 0 || !worked.ok) throw refused(found);
    const now = this.now();
    if (inClosingWindow(now)) {
      throw badRequest('Receipts cannot be sent between 23:55 and midnight, Italian time.', [
        violation(
          '',
          'Receipts cannot be sent between 23:55 and midnight, Italian time.',
          'closing_window',
        ),
      ]);
    }
    const { figures } = worked;
    const payments = figures.payments;
    const row = await this.deps.db.transaction(async (tx) => {
      const stored = await this.deps.repository.insertWithItems(
        tx,
        {
          ownerId: businessOf(actor),
          fiscalId,
          type: 'sale',
          lotteryCode,
          email: body.email ?? null,
          invoiceIssuing: body.invoice_issuing === true,
          totalAmount: figureText(figures.totalAmount),
          totalTaxableAmount: figureText(figures.totalTaxableAmount),
          totalVatAmount: figureText(figures.totalVatAmount),
          totalDiscount: figureText(figures.totalDiscount),
          totalGrossDiscount: figureText(figures.totalGrossDiscount),
          totalUncollectedAmount: figureText(figures.totalUncollectedAmount),
          deductibleAmount: figureText(figures.deductibleAmount),
          discount: figureText(payments.discount),
          cashPaymentAmount: figureText(payments.cash),
          electronicPaymentAmount: figureText(payments.electronic),
          ticketRestaurantPaymentAmount: figureText(payments.ticketRestaurant),
          ticketRestaurantQuantity: payments.ticketRestaurantQuantity,
          servicesUncollectedAmount: figureText(payments.servicesUncollected),
          goodsUncollectedAmount: figureText(payments.goodsUncollected),
          createdAt: now,
        },
        figures.lines.map((line, index) =>
          itemRow(line, index, body.items[index]?.description ?? ''),
        ),
      );
      await this.enqueueSend(tx, stored.uuid);
      return stored;
    });
    return toReceipt({ ...row, voidUuid: null, returnUuids: [] });
  }

  /** `POST /receipts/{id}/return`: a return receipt of part of an accepted sale. */
  async returnItems(actor: Actor, uuid: string, body: ReceiptReturnRequest): Promise<Receipt> {
    assertReceiptsUser(actor);
    const scope = actingScopeOf(actor);
    const now = this.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const { sale, items, returned, voided } = await this.lockedSale(tx, scope, uuid);
      const sold = items.map((item) => ({ id: item.itemId ?? '', figures: figuresOf(item) }));
      const byPosition = new Map(items.map((item) => [item.position, item.itemId ?? '']));
      const earlier = returned.map((line) => ({
        id: byPosition.get(line.salePosition ?? -1) ?? '',
        figures: figuresOf(line),
      }));
      const answer = computeReturn(
        sold,
        earlier,
        { items: body.items.map((item) => ({ id: item.id, quantity: String(item.quantity) })) },
        sale.status === 'ready' && !voided,
      );
      if (!answer.ok) throw refused(answer.violations);
      const positionOf = new Map(items.map((item) => [item.itemId, item.position]));
      const totals = lineTotals(answer.lines.map((line) => line.figures));
      const stored = await this.deps.repository.insertWithItems(
        tx,
        {
          ...this.givingBack(sale, figureText(totals.totalAmount)),
          type: 'return',
          totalTaxableAmount: figureText(totals.totalTaxableAmount),
          totalVatAmount: figureText(totals.totalVatAmount),
          totalDiscount: figureText(totals.totalDiscount),
          totalGrossDiscount: figureText(totals.totalGrossDiscount),
          createdAt: now,
        },
        answer.lines.map((line, index) => {
          const position = positionOf.get(line.id) ?? 0;
          const description = items.find((item) => item.position === position)?.description ?? '';
          return itemRow(line.figures, index, description, position);
        }),
      );
      await this.enqueueSend(tx, stored.uuid);
      return stored;
    });
    return toReceipt({ ...row, voidUuid: null, returnUuids: [] });
  }

  /** `DELETE /receipts/{id}`: voids an accepted sale once, and never after a return. */
  async void(actor: Actor, uuid: string): Promise<void> {
    assertReceiptsUser(actor);
    const scope = actingScopeOf(actor);
    const now = this.now();
    await this.deps.db.transaction(async (tx) => {
      const { sale, items, returned, voided } = await this.lockedSale(tx, scope, uuid);
      const returnCount = new Set(returned.map((line) => line.receiptUuid)).size;
      if (voided || sale.status === 'voided')
        throw new HttpProblem(409, 'This receipt is already voided.');
      if (
        !canVoid({ type: 'sale', status: sale.status as 'ready', returnCount, quantityLeft: 1n })
      ) {
        throw new HttpProblem(
          409,
          returnCount > 0
            ? 'A receipt with returns cannot be voided: return the rest instead.'
            : 'Only a receipt accepted by the Agenzia delle Entrate can be voided.',
        );
      }
      const stored = await this.deps.repository.insertWithItems(
        tx,
        {
          ...this.givingBack(sale, sale.totalAmount),
          type: 'void',
          totalTaxableAmount: sale.totalTaxableAmount,
          totalVatAmount: sale.totalVatAmount,
          totalDiscount: sale.totalDiscount,
          totalGrossDiscount: sale.totalGrossDiscount,
          createdAt: now,
        },
        items.map((item) =>
          itemRow(figuresOf(item), item.position, item.description, item.position),
        ),
      );
      await this.enqueueSend(tx, stored.uuid);
    });
  }

  /**
   * A sale locked for the rest of `tx` (its returns and voids are made one at a time), with its
   * lines, the lines returned so far and whether a void of it is live; 404 for anything else.
   */
  private async lockedSale(tx: Database, scope: ActingScope, uuid: string) {
    const sale = await this.deps.repository.lockSale(tx, scope, uuid);
    if (!sale || sale.type !== 'sale') throw notFound('Receipt not found.');
    const [items, returned, voided] = await Promise.all([
      this.deps.repository.itemsOf(uuid, tx),
      this.deps.repository.returnLinesOf(uuid, tx),
      this.deps.repository.hasLiveVoid(uuid, tx),
    ]);
    return { sale, items, returned, voided };
  }

  /** What a return or a void takes from its sale; it carries no payments of its own. */
  private givingBack(
    sale: { uuid: string; ownerId: string; fiscalId: string },
    totalAmount: string,
  ) {
    return {
      ownerId: sale.ownerId,
      fiscalId: sale.fiscalId,
      saleUuid: sale.uuid,
      totalAmount,
      totalUncollectedAmount: ZERO,
      deductibleAmount: ZERO,
      discount: ZERO,
      cashPaymentAmount: ZERO,
      electronicPaymentAmount: ZERO,
      ticketRestaurantPaymentAmount: ZERO,
      servicesUncollectedAmount: ZERO,
      goodsUncollectedAmount: ZERO,
    };
  }

  private async enqueueSend(tx: Database, uuid: string): Promise<void> {
    await this.deps.jobs.enqueue(RECEIPT_SEND_JOB, { uuid } satisfies ReceiptSendPayload, {
      db: tx,
      ...sendJobOptions(this.deps.retryDelayMs),
    });
  }
}
