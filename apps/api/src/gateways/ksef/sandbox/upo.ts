/*
 * The sandbox's UPOs (v4-3, `makeUpo` of `@fiscus/ksef`): one per accepted invoice, and one for
 * a closed session listing all its accepted invoices. Each names the session, its context NIP
 * and how it authenticated (the KSeF token's reference number or the SHA-256 of the signed
 * AuthTokenRequest). The receiver is the environment's name, as KSeF's test environments write
 * it ("Ministerstwo Finansów - środowisko testowe (TE)"); the UPO schema fixes the production
 * name, and `readUpo` reads a test environment's UPO with an advisory finding only. KSeF also
 * signs its UPOs with XAdES; the v4-3 schema has no place for a signature, and the sandbox's
 * would prove nothing, so they are unsigned.
 */
import { makeUpo, type MakeUpoDocument, type UpoAuthentication, type UpoPage } from '@fiscus/ksef';
import type { ksefSandboxInvoices, ksefSandboxSessions } from '../../../db/schema/index.ts';
import type { FormCode } from '../wire/api-types.ts';
import type { KsefEnvironment } from './context.ts';
import { invoiceFacts } from './invoice-facts.ts';

type InvoiceRow = typeof ksefSandboxInvoices.$inferSelect;
type SessionRow = typeof ksefSandboxSessions.$inferSelect;

const RECEIVERS: Readonly<Record<KsefEnvironment, string>> = {
  TE: 'Ministerstwo Finansów - środowisko testowe (TE)',
  DEMO: 'Ministerstwo Finansów - środowisko przedprodukcyjne (DEMO)',
  PRD: 'Ministerstwo Finansów',
};

function documentOf(invoice: InvoiceRow): MakeUpoDocument {
  if (!invoice.ksefNumber || !invoice.acquisitionDate) {
    throw new Error(`KSeF sandbox: invoice ${invoice.referenceNumber} has no KSeF number`);
  }
  return {
    ksefNumber: invoice.ksefNumber,
    acquiredAt: invoice.acquisitionDate.toISOString(),
    sentAt: invoice.invoicingDate.toISOString(),
    documentHash: invoice.invoiceHash,
    invoiceNumber: invoice.invoiceNumber ?? '',
    issueDate: invoiceFacts(invoice.xml)?.issueDate ?? '',
    sellerNip: invoice.sellerNip,
    mode: invoice.offlineMode ? 'Offline' : 'Online',
  };
}

/** The UPO of a session's accepted invoices (one of them, or all with a page description). */
export function upoOf(
  environment: KsefEnvironment,
  session: SessionRow,
  authentication: UpoAuthentication,
  invoices: readonly InvoiceRow[],
  options: { page: boolean },
): string {
  const documents = invoices.map(documentOf);
  const page: UpoPage | undefined = options.page
    ? {
        Strona: '1',
        LiczbaStron: '1',
        ZakresDokumentowOd: '1',
        ZakresDokumentowDo: String(documents.length),
        CalkowitaLiczbaDokumentow: String(documents.length),
      }
    : undefined;
  const made = makeUpo({
    sessionReference: session.referenceNumber,
    context: { Nip: session.contextNip },
    authentication,
    formCode: (session.formCode as FormCode).systemCode,
    receiver: RECEIVERS[environment],
    ...(page ? { page } : {}),
    documents,
  });
  if (!made.xml) {
    const problems = made.problems.map((problem) => `${problem.path}: ${problem.message}`);
    throw new Error(
      `KSeF sandbox: UPO of ${session.referenceNumber} refused: ${problems.join('; ')}`,
    );
  }
  return made.xml;
}
