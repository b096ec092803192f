import { and, asc, eq, gte, inArray, isNotNull, lt, min, or, gt, sql } from 'drizzle-orm';
import { buildMetadatiInvioFile } from '@fiscus/sdi-messages';
import {
  itBusinessRegistryConfigurations,
  itInvoices,
  itNotifications,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type {
  CassettoInvoice,
  CassettoRange,
  CassettoRejection,
  SdiCassettoSource,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';

/**
 * The sandbox portal's view of this instance's SDI sandbox: customer invoices it took over the
 * channel (transmission_attempts > 0, so imports, which only assert what happened elsewhere, are
 * left out) and delivered (RC) or left in the recipient's cassetto (MC) to a fiscal id, and those
 * a fiscal id sent that it rejected (NS). Read across accounts, as the portal is the fiscal id's,
 * not an account's; the services decide who may read a cassetto.
 */
export class SdiCassettoSourceRepository implements SdiCassettoSource {
  constructor(private readonly db: Database) {}

  async delivered(fiscalId: string, range: CassettoRange): Promise<CassettoInvoice[]> {
    const deliveredAt = min(itNotifications.createdAt);
    const rows = await this.db
      .select({
        sdiId: itInvoices.sdiFileId,
        fileName: itInvoices.sdiFileName,
        xml: itInvoices.xml,
        format: itInvoices.transmissionFormat,
        recipientCode: itInvoices.recipientCode,
        senderVat: itInvoices.senderVat,
        senderFiscalId: itInvoices.senderFiscalId,
        deliveredAt,
      })
      .from(itInvoices)
      .innerJoin(
        itNotifications,
        and(
          eq(itNotifications.invoiceUuid, itInvoices.uuid),
          inArray(itNotifications.type, ['RC', 'MC']),
        ),
      )
      .where(
        and(
          eq(itInvoices.type, 0),
          gt(itInvoices.transmissionAttempts, 0),
          isNotNull(itInvoices.sdiFileId),
          isNotNull(itInvoices.sdiFileName),
          or(
            eq(itInvoices.recipientFiscalId, fiscalId),
            eq(itInvoices.recipientVat, `IT${fiscalId}`),
          ),
        ),
      )
      .groupBy(itInvoices.uuid)
      .having(and(gte(deliveredAt, range.from), lt(deliveredAt, range.to)))
      .orderBy(asc(deliveredAt));
    return rows.map((row) => {
      const sdiId = row.sdiId ?? '';
      const fileName = row.fileName ?? '';
      const metadata = buildMetadatiInvioFile({
        identificativoSdi: sdiId,
        nomeFile: fileName,
        codiceDestinatario: /^[A-Z0-9]{6,7}$/.test(row.recipientCode ?? '')
          ? (row.recipientCode ?? '0000000')
          : '0000000',
        formato: row.format.slice(0, 5),
      });
      return {
        sdiId,
        fileName,
        xml: Buffer.from(row.xml, 'utf8'),
        metadataXml: Buffer.from(metadata.xml, 'utf8'),
        receivedAt: row.deliveredAt ?? new Date(0),
        supplierFiscalId: row.senderVat?.replace(/^[A-Z]{2}/, '') ?? row.senderFiscalId ?? '',
      };
    });
  }

  async rejected(fiscalId: string, range: CassettoRange): Promise<CassettoRejection[]> {
    const rows = await this.db
      .select({
        sdiId: itInvoices.sdiFileId,
        fileName: itInvoices.sdiFileName,
        xml: itInvoices.xml,
        notificationXml: itNotifications.xml,
        rejectedAt: itNotifications.createdAt,
      })
      .from(itInvoices)
      .innerJoin(
        itNotifications,
        and(eq(itNotifications.invoiceUuid, itInvoices.uuid), eq(itNotifications.type, 'NS')),
      )
      .where(
        and(
          eq(itInvoices.type, 0),
          gt(itInvoices.transmissionAttempts, 0),
          isNotNull(itInvoices.sdiFileId),
          isNotNull(itInvoices.sdiFileName),
          or(eq(itInvoices.senderVat, `IT${fiscalId}`), eq(itInvoices.senderFiscalId, fiscalId)),
          gte(itNotifications.createdAt, range.from),
          lt(itNotifications.createdAt, range.to),
        ),
      )
      .orderBy(asc(itNotifications.createdAt));
    return rows.map((row) => ({
      sdiId: row.sdiId ?? '',
      fileName: row.fileName ?? '',
      xml: Buffer.from(row.xml, 'utf8'),
      notificationXml: Buffer.from(row.notificationXml, 'utf8'),
      rejectedAt: row.rejectedAt,
    }));
  }

  async holderName(fiscalId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: itBusinessRegistryConfigurations.name })
      .from(itBusinessRegistryConfigurations)
      .where(
        and(
          eq(itBusinessRegistryConfigurations.fiscalId, fiscalId),
          isNotNull(itBusinessRegistryConfigurations.name),
          sql`${itBusinessRegistryConfigurations.name} <> ''`,
        ),
      )
      .orderBy(asc(itBusinessRegistryConfigurations.createdAt))
      .limit(1);
    return row?.name ?? undefined;
  }
}
