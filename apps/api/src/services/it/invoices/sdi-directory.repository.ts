import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { itBusinessRegistryConfigurations, itInvoices, users } from '../../../db/schema/index.ts';
import type {
  DuplicateKey,
  RegisteredParty,
  SdiBuyer,
  SdiDirectory,
} from '../../../gateways/sdi/sdi-gateway.ts';
import { duplicateKey } from '../../../gateways/sdi/sdi-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import { ACCEPTED_BY_SDI_MARKINGS } from './invoice-lifecycle.ts';

/**
 * SDI's registries' view of this instance, read across tenants (SDI is one system for all):
 * the parties and companies it knows, the files it accepted, who receives invoices here.
 */
export class SdiDirectoryRepository implements SdiDirectory {
  constructor(
    private readonly db: Database,
    /** Which account of this instance receives a delivered invoice (see find-recipient-account). */
    private readonly findRecipientAccount: (buyer: SdiBuyer) => Promise<string | undefined>,
  ) {}

  /** Accounts of this instance as SDI's registries see them (recipient codes, identifiers). */
  async parties(): Promise<RegisteredParty[]> {
    return this.db
      .select({
        recipientCode: users.recipientCode,
        vat: users.invoicingVatNumber,
        fiscalId: users.invoicingFiscalId,
        name: users.invoicingName,
      })
      .from(users)
      .where(
        and(
          eq(users.enabled, true),
          isNull(users.parentId),
          or(
            sql`${users.recipientCode} is not null`,
            sql`${users.invoicingVatNumber} is not null`,
            sql`${users.invoicingFiscalId} is not null`,
          ),
        ),
      )
      .orderBy(asc(users.createdAt));
  }

  /** Fiscal ids of the instance's business registry configurations (SDI's taxpayer registry). */
  async companies(): Promise<{ fiscalId: string; name: string | null }[]> {
    return this.db
      .select({
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
        name: itBusinessRegistryConfigurations.name,
      })
      .from(itBusinessRegistryConfigurations);
  }

  /**
   * SDI's duplicate question (00404) for the keys of one file: which of them another sent
   * invoice, already accepted by SDI, carries. SDI is one system for every tenant, so this
   * looks across owners.
   */
  async acceptedDuplicates(
    file: { id: string; receivedAt: Date },
    keys: DuplicateKey[],
  ): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({
        senderVat: itInvoices.senderVat,
        documentType: itInvoices.documentType,
        date: itInvoices.invoiceDate,
        number: itInvoices.invoiceNumber,
      })
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.type, 0),
          ne(itInvoices.uuid, file.id),
          or(
            inArray(itInvoices.marking, ACCEPTED_BY_SDI_MARKINGS),
            // A file SDI received earlier and is still checking counts too: of two copies sent
            // together, the second is the duplicate, whatever order the checks finish in.
            and(
              eq(itInvoices.marking, 'sent'),
              or(
                lt(itInvoices.createdAt, file.receivedAt),
                and(eq(itInvoices.createdAt, file.receivedAt), lt(itInvoices.uuid, file.id)),
              ),
            ),
          ),
          or(
            ...keys.map((key) =>
              and(
                eq(itInvoices.senderVat, key.senderVat),
                eq(itInvoices.documentType, key.documentType),
                eq(itInvoices.invoiceDate, key.date),
                eq(itInvoices.invoiceNumber, key.number),
              ),
            ),
          ),
        ),
      );
    return new Set(
      rows.map((row) =>
        duplicateKey({
          senderVat: row.senderVat ?? '',
          documentType: row.documentType ?? '',
          date: row.date ?? '',
          number: row.number ?? '',
        }),
      ),
    );
  }

  async receivesInInstance(buyer: SdiBuyer): Promise<boolean> {
    return (await this.findRecipientAccount(buyer)) !== undefined;
  }
}
