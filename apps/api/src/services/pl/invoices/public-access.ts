import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { PL_ACCESS_CODE } from '@fiscus/contracts';
import { plAccessCodes } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { HttpProblem, notFound, unprocessable } from '../../../platform/problem-errors.ts';
import { PlLegalEntitiesRepository } from '../legal-entities/legal-entities.repository.ts';
import { invoiceFacts } from './invoice-facts.ts';
import { invoiceRefused } from './invoices.service.ts';
import type { PlInvoicesRepository, PlInvoiceWithAttachments } from './invoices.repository.ts';
import { ksefToJson } from '@fiscus/ksef';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** At most this many codes per invoice an hour: nobody's mailbox gets flooded. */
const CODES_PER_HOUR = 5;

/** `jan@kowalski.pl` as `j***@kowalski.pl`: the page says where the code went, not whose it is. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Public access to an outgoing invoice (spec "Public invoice access"): its buyer asks for a
 * code, mailed to the buyer's address on the invoice (else the buyer's legal entity here); the
 * code (8 digits, kept hashed) lives 15 minutes and allows five tries; the right one gives an
 * access token (kept hashed) that opens the invoice and its downloads for a day.
 */
export class PlPublicAccess {
  constructor(
    private readonly deps: {
      db: Database;
      repository: PlInvoicesRepository;
      mailer: Mailer;
      publicUrl: string;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  private async invoice(uuid: string): Promise<PlInvoiceWithAttachments> {
    const row = await this.deps.repository.byUuid(uuid);
    // An incoming invoice is the buyer's own copy: nobody opens it with a code.
    if (!row || row.direction !== 'outgoing') throw notFound('Invoice not found.');
    return row;
  }

  private async recipientEmail(row: PlInvoiceWithAttachments): Promise<string | null> {
    const fromInvoice = invoiceFacts(ksefToJson(row.xml).json).buyerEmail;
    if (fromInvoice) return fromInvoice;
    if (!row.invoiceRecipientNip) return null;
    const [buyer] = await new PlLegalEntitiesRepository(this.deps.db).activeReceivers(
      row.invoiceRecipientNip,
    );
    return buyer?.email ?? null;
  }

  /** `POST /invoices/{uuid}/send-access-code`: mails a code; answers where it went (masked). */
  async sendCode(uuid: string): Promise<{ email: string }> {
    const row = await this.invoice(uuid);
    const email = await this.recipientEmail(row);
    if (!email) throw unprocessable([invoiceRefused('uuid', 'no_recipient_email')]);
    const now = this.now();
    const [recent] = await this.deps.db
      .select({ total: count() })
      .from(plAccessCodes)
      .where(
        and(
          eq(plAccessCodes.invoiceUuid, row.uuid),
          gt(plAccessCodes.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      );
    if ((recent?.total ?? 0) >= CODES_PER_HOUR) {
      throw new HttpProblem(
        429,
        'Too many codes were requested for this invoice: try again later.',
      );
    }
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    await this.deps.db.insert(plAccessCodes).values({
      invoiceUuid: row.uuid,
      email,
      codeHash: sha256(code),
      expiresAt: new Date(now.getTime() + PL_ACCESS_CODE.minutes * 60_000),
    });
    await this.deps.mailer.send({
      to: email,
      subject: `Kod dostępu do faktury ${row.invoiceNumber} / Access code for invoice ${row.invoiceNumber}`,
      text: [
        `Faktura / Invoice ${row.invoiceNumber} — ${row.senderName ?? row.invoiceCreatorNip}`,
        '',
        `Kod dostępu / Access code: ${code}`,
        `Ważny ${PL_ACCESS_CODE.minutes} minut / Valid for ${PL_ACCESS_CODE.minutes} minutes.`,
        '',
        `${this.deps.publicUrl}/gov-pl/public-invoices/${row.uuid}`,
      ].join('\n'),
    });
    return { email: maskEmail(email) };
  }

  /** `POST /invoices/{uuid}/activate-access-code`: the code for an access token. */
  async activate(uuid: string, accessCode: string): Promise<{ access_code: string }> {
    const row = await this.invoice(uuid);
    const now = this.now();
    const [latest] = await this.deps.db
      .select()
      .from(plAccessCodes)
      .where(eq(plAccessCodes.invoiceUuid, row.uuid))
      .orderBy(desc(plAccessCodes.createdAt))
      .limit(1);
    if (!latest) throw unprocessable([invoiceRefused('accessCode', 'invalid_access_code')]);
    if (latest.accessTokenHash !== null || latest.expiresAt.getTime() <= now.getTime()) {
      throw unprocessable([invoiceRefused('accessCode', 'access_code_expired')]);
    }
    if (latest.attempts >= PL_ACCESS_CODE.tries) {
      throw unprocessable([invoiceRefused('accessCode', 'too_many_tries')]);
    }
    const given = Buffer.from(sha256(accessCode.trim()), 'hex');
    const expected = Buffer.from(latest.codeHash, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const [tried] = await this.deps.db
        .update(plAccessCodes)
        .set({ attempts: latest.attempts + 1 })
        .where(
          and(eq(plAccessCodes.uuid, latest.uuid), eq(plAccessCodes.attempts, latest.attempts)),
        )
        .returning({ attempts: plAccessCodes.attempts });
      const exhausted = (tried?.attempts ?? PL_ACCESS_CODE.tries) >= PL_ACCESS_CODE.tries;
      throw unprocessable([
        invoiceRefused('accessCode', exhausted ? 'too_many_tries' : 'invalid_access_code'),
      ]);
    }
    const token = randomBytes(24).toString('base64url');
    const [used] = await this.deps.db
      .update(plAccessCodes)
      .set({
        accessTokenHash: sha256(token),
        accessExpiresAt: new Date(now.getTime() + PL_ACCESS_CODE.accessHours * 3_600_000),
      })
      .where(and(eq(plAccessCodes.uuid, latest.uuid), eq(plAccessCodes.attempts, latest.attempts)))
      .returning({ uuid: plAccessCodes.uuid });
    if (!used) throw unprocessable([invoiceRefused('accessCode', 'invalid_access_code')]);
    return { access_code: token };
  }

  /** The invoice an access token opens (`/invoices/{uuid}/code/{code}…`), else a 404. */
  async opened(uuid: string, token: string): Promise<PlInvoiceWithAttachments> {
    const row = await this.invoice(uuid);
    const [grant] = await this.deps.db
      .select({ expiresAt: plAccessCodes.accessExpiresAt })
      .from(plAccessCodes)
      .where(
        and(
          eq(plAccessCodes.invoiceUuid, row.uuid),
          eq(plAccessCodes.accessTokenHash, sha256(token)),
        ),
      )
      .limit(1);
    if (!grant?.expiresAt || grant.expiresAt.getTime() <= this.now().getTime()) {
      throw notFound('Invoice not found, or this access has expired: request a new code.');
    }
    return row;
  }
}
