import type { IdFiscale, InvoiceFormat } from '../../model/index.ts';
import type { SdiReport } from './messages.ts';
import type { SdiState } from './sdi-state.ts';

const PATH = 'fattura_elettronica_header.dati_trasmissione';

/** SDI's own PEC mailboxes (sdiNN@pec.fatturapa.it) cannot be the recipient (code 00330). */
const SDI_MAILBOX = /^sdi\d*@pec\.fatturapa\.it$/i;

/** The transmission data both formats share. */
export interface TransmissionData {
  formato_trasmissione: string;
  codice_destinatario: string;
  pec_destinatario?: string;
}

/** Who the buyer is, as the transmission checks need it. */
export interface BuyerIds {
  vat?: IdFiscale;
  codiceFiscale?: string;
}

/**
 * Checks of 1.1 DatiTrasmissione: 00428 (format vs VERSIONE), 00427 (code length vs format),
 * 00313 (XXXXXXX only for foreign buyers), 00311/00312/00398 (code in SDI's or IPA's registry),
 * 00399 (FPR12 to a public administration), 00426 and 00330 (PECDestinatario).
 */
export function checkTransmission(
  data: TransmissionData | undefined,
  buyer: BuyerIds,
  format: InvoiceFormat,
  state: SdiState | undefined,
  report: SdiReport,
): void {
  if (!data) return;
  if (data.formato_trasmissione !== format) report.add('00428', `${PATH}.formato_trasmissione`);

  const code = data.codice_destinatario ?? '';
  const codePath = `${PATH}.codice_destinatario`;
  if (format === 'FPA12' ? code.length === 7 : code.length === 6) report.add('00427', codePath);
  if (code === 'XXXXXXX' && (!buyer.vat || buyer.vat.id_paese === 'IT')) {
    report.add('00313', codePath);
  }
  if (code.length === 7 && code !== '0000000' && code !== 'XXXXXXX' && state?.recipientCode) {
    const status = state.recipientCode(code);
    if (status === 'unknown') report.add('00311', codePath);
    else if (status === 'inactive') report.add('00312', codePath);
  }
  if (code.length === 6 && state?.ipaOffice) {
    const status = state.ipaOffice(code);
    if (status === 'unknown') report.add('00311', codePath);
    else if (status === 'inactive') report.add('00312', codePath);
    else if (status === 'central-unresolved') report.add('00398', codePath);
  }
  if (format === 'FPR12' && state?.isPublicAdministration) {
    const isPa = state.isPublicAdministration({
      vatCountry: buyer.vat?.id_paese,
      vatCode: buyer.vat?.id_codice,
      codiceFiscale: buyer.codiceFiscale,
    });
    if (isPa) report.add('00399', `${PATH}.formato_trasmissione`);
  }

  const pec = data.pec_destinatario;
  if (pec !== undefined && pec !== '') {
    // PECDestinatario is only used with CodiceDestinatario 0000000 (specifiche tecniche 1.3.2,
    // 1.1.6). The opposite direction (0000000 without PEC) is accepted by SDI: invoices to
    // consumers and to the recipient's reserved area carry neither.
    if (code !== '0000000') report.add('00426', `${PATH}.pec_destinatario`);
    if (SDI_MAILBOX.test(pec)) report.add('00330', `${PATH}.pec_destinatario`);
  }
}
