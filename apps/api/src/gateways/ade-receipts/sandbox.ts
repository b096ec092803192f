import { randomInt } from 'node:crypto';
import { isVatRateCode, readDecimal, toCents } from '@fiscus/smart-receipts';
import { isDemoFisconline } from '../tax-portal/fisconline-demo.ts';
import type {
  AdeDocument,
  AdeOutcome,
  AdeReceiptsGateway,
  AdeRefusalCode,
} from './ade-receipts-gateway.ts';
import { AdeUnavailableError } from './ade-receipts-gateway.ts';
import { inClosingWindow, romeClock } from './rome-clock.ts';
import type { AdeDocumentCounter } from './sandbox-counter.ts';

/**
 * Lottery codes that rehearse the service's failures (README "The smart receipts sandbox"), as
 * the SDI sandbox's recipient codes do: a customer's real code is any other 8 letters or digits.
 */
export const ADE_SCENARIOS = {
  /** The channel fails on the first try; the document goes through on the next. */
  busyOnce: 'BUSY0001',
  /** The channel fails on every try: the retries run out and the receipt fails. */
  down: 'DOWN0001',
  /** The Fisconline password and PIN have expired (they do every quarter). */
  expiredCredentials: 'EXPIRED1',
  /** The credentials' holder may not send for this VAT number. */
  notAllowed: 'NOTALLOW',
} as const;

const LOTTERY_CODE = /^[A-Z0-9]{8}$/;
/** The Agenzia's document numbers: year, the day's closure and the progressive. */
export const DOCUMENT_NUMBER = /^DCW\d{4}\/\d{4}-\d{4}$/;

const FIGURE = (text: string) => readDecimal(text, 8, 8);

function refuse(code: AdeRefusalCode, message: string): AdeOutcome {
  return { accepted: false, code, message };
}

/** The data checks the service applies, in its order; the first failure refuses the document. */
export function checkDocument(document: AdeDocument): AdeOutcome | null {
  if (
    document.lines.length === 0 ||
    document.lines.some((line) => !isVatRateCode(line.vatRateCode))
  ) {
    return refuse('INVALID_VAT_RATE', 'Every line needs a VAT rate or nature code of the list.');
  }
  let total = 0n;
  for (const line of document.lines) {
    const [amount, net, vat] = [line.totalAmount, line.netTaxableAmount, line.vatAmount].map(
      FIGURE,
    );
    if (amount === undefined || net === undefined || vat === undefined || net + vat !== amount) {
      return refuse(
        'INCONSISTENT_TOTALS',
        'A line’s taxable amount and VAT do not make its amount.',
      );
    }
    if (!line.complimentary) total += amount;
  }
  if (FIGURE(document.totalAmount) !== total) {
    return refuse('INCONSISTENT_TOTALS', 'The document’s total is not the sum of its lines.');
  }
  const payments = document.payments;
  const paid = [
    payments.cash,
    payments.electronic,
    payments.ticketRestaurant,
    payments.servicesUncollected,
    payments.goodsUncollected,
    payments.discount,
  ].map(FIGURE);
  if (paid.some((value) => value === undefined)) {
    return refuse('PAYMENTS_DO_NOT_MATCH', 'A payment is not an amount.');
  }
  // A return or a void gives money back: it carries no payments of its own.
  if (document.kind === 'sale') {
    const settled = paid.reduce<bigint>((sum, value) => sum + (value ?? 0n), 0n);
    if (toCents(settled) !== toCents(total)) {
      return refuse('PAYMENTS_DO_NOT_MATCH', 'The payments do not settle the total to the cent.');
    }
  }
  if (document.lotteryCode !== null) {
    if (!LOTTERY_CODE.test(document.lotteryCode)) {
      return refuse('INVALID_LOTTERY_CODE', 'A lottery code is 8 letters or digits.');
    }
    // The receipts lottery is for purchases paid electronically.
    if ((FIGURE(payments.electronic) ?? 0n) === 0n) {
      return refuse(
        'LOTTERY_NEEDS_ELECTRONIC_PAYMENT',
        'The lottery takes electronic payments only.',
      );
    }
  }
  if (document.kind !== 'sale' && !DOCUMENT_NUMBER.test(document.reference?.documentNumber ?? '')) {
    return refuse('UNKNOWN_REFERENCE', 'A return or a void names the sale’s document number.');
  }
  return null;
}

export type SandboxAdeOptions = {
  counter: AdeDocumentCounter;
};

/**
 * The documento commerciale online service as a sandbox: it accepts the demo Fisconline set
 * only (as the tax portal sandbox does), closes from 23:55 to midnight in Rome, refuses a
 * document after its day, applies the data checks above, and numbers accepted documents per
 * VAT number and day (`DCW2026/0341-0007`: the 341st day's closure, its 7th document) with a
 * transaction id for the document and one for each line.
 */
export class SandboxAdeReceiptsGateway implements AdeReceiptsGateway {
  constructor(private readonly options: SandboxAdeOptions) {}

  async send(document: AdeDocument, now: Date): Promise<AdeOutcome> {
    const scenario = document.lotteryCode;
    if (inClosingWindow(now)) {
      throw new AdeUnavailableError(
        'CLOSING_WINDOW',
        'The service is closed from 23:55 to midnight.',
      );
    }
    if (
      scenario === ADE_SCENARIOS.down ||
      (scenario === ADE_SCENARIOS.busyOnce && document.attempt <= 1)
    ) {
      throw new AdeUnavailableError('SERVICE_UNAVAILABLE', 'The service could not be reached.');
    }
    const clock = romeClock(now);
    if (romeClock(document.acquiredAt).day !== clock.day) {
      return refuse('DAY_CLOSED', 'A document is sent on the day it was made.');
    }
    if (!isDemoFisconline(document.credentials)) {
      return refuse('INVALID_CREDENTIALS', 'The Fisconline credentials are not valid.');
    }
    if (scenario === ADE_SCENARIOS.expiredCredentials) {
      return refuse(
        'CREDENTIALS_EXPIRED',
        'The Fisconline password and PIN have expired: renew them.',
      );
    }
    if (scenario === ADE_SCENARIOS.notAllowed) {
      return refuse(
        'CANNOTSENDDATAFORTHISLEGALENTITY',
        'These credentials may not send documents for this VAT number.',
      );
    }
    const refused = checkDocument(document);
    if (refused) return refused;

    const progressive = await this.options.counter.next(document.fiscalId, clock.day);
    const closure = String(clock.dayOfYear).padStart(4, '0');
    const number = String(progressive).padStart(4, '0');
    // The Agenzia's ids are opaque digits; these read as year, closure, progressive and a nonce.
    const transactionId = `${clock.year}${closure}${number}${String(randomInt(1e6)).padStart(6, '0')}`;
    return {
      accepted: true,
      documentNumber: `DCW${clock.year}/${closure}-${number}`,
      documentDate: now,
      transactionId,
      itemIds: document.lines.map(
        (_, index) => `${transactionId}${String(index + 1).padStart(3, '0')}`,
      ),
    };
  }
}
