/**
 * Layer 3: the checks SDI applies after the schema (codes 00xxx of sdi-error-codes.md), each
 * reported with its official code, SDI's Italian text and an English message. Pure functions;
 * checks that need SDI's registries take them through `SdiState`.
 */
import type { Finding } from '../../findings.ts';
import type {
  AnyInvoice,
  FatturaElettronica,
  FatturaElettronicaSemplificata,
} from '../../model/index.ts';
import { checkAmounts } from './amount-checks.ts';
import { checkDocumentTypes } from './document-type-checks.ts';
import { checkDocuments } from './document-checks.ts';
import { checkFile } from './file-checks.ts';
import { checkIdentifiers } from './identifier-checks.ts';
import { SdiReport } from './messages.ts';
import { romeDay } from './rome-date.ts';
import type { SdiCheckOptions } from './sdi-state.ts';
import { checkSimplified } from './simplified-checks.ts';
import { checkTransmission } from './transmission-checks.ts';
import { checkVat } from './vat-checks.ts';

/**
 * Runs every SDI check that applies to the invoice and file: file checks (00001-00003, 00102,
 * 00106, when the options describe the file), transmission, identifiers, document type,
 * dates, natura/rate and amount checks. Returns the findings (layer 'sdi'), empty when SDI
 * would accept the invoice.
 */
export function runSdiChecks(invoice: AnyInvoice, options: SdiCheckOptions): Finding[] {
  const report = new SdiReport();
  checkFile(options, report);
  // Not even an object: the schema layer says so; nothing here can be checked.
  if (invoice === null || typeof invoice !== 'object') return report.findings;
  const receivedDay = romeDay(options.receivedAt ?? new Date());
  if (options.format === 'FSM10') {
    const simplified = invoice as FatturaElettronicaSemplificata;
    const header = simplified.fattura_elettronica_header;
    checkTransmission(
      header?.dati_trasmissione,
      {
        vat: header?.cessionario_committente?.identificativi_fiscali?.id_fiscale_iva,
        codiceFiscale: header?.cessionario_committente?.identificativi_fiscali?.codice_fiscale,
      },
      options.format,
      options.state,
      report,
    );
    checkSimplified(simplified, options, receivedDay, report);
    return report.findings;
  }
  const ordinary = invoice as FatturaElettronica;
  const buyer = ordinary.fattura_elettronica_header?.cessionario_committente?.dati_anagrafici;
  checkTransmission(
    ordinary.fattura_elettronica_header?.dati_trasmissione,
    { vat: buyer?.id_fiscale_iva, codiceFiscale: buyer?.codice_fiscale },
    options.format,
    options.state,
    report,
  );
  checkIdentifiers(ordinary, options, report);
  checkDocumentTypes(ordinary, report);
  checkDocuments(ordinary, receivedDay, options.state, report);
  checkVat(ordinary, report);
  checkAmounts(ordinary, report);
  return report.findings;
}

export { checkAmounts } from './amount-checks.ts';
export { checkDocumentTypes, isSameSubject } from './document-type-checks.ts';
export { checkDocuments } from './document-checks.ts';
export { DEFAULT_MAX_FILE_SIZE, checkFile, isValidSdiFileName } from './file-checks.ts';
export { checkIdentifiers } from './identifier-checks.ts';
export { SDI_MESSAGES, SdiReport, sdiFinding } from './messages.ts';
export type { SdiCode } from './messages.ts';
export { romeDay } from './rome-date.ts';
export type {
  InvoiceKey,
  RecipientCodeStatus,
  SdiCheckOptions,
  SdiState,
  SignatureCheck,
} from './sdi-state.ts';
export { checkSimplified } from './simplified-checks.ts';
export { checkTransmission } from './transmission-checks.ts';
export { checkVat } from './vat-checks.ts';
