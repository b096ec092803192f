import type { ParsedSdiMessage, RiferimentoFattura } from './message-types.ts';
import { parseSdiMessage } from './parse-sdi-message.ts';

/** One rejection error as the provider's API returns it: the keys keep SDI's capitals. */
export interface NotificationErrorJson {
  Codice: string;
  Descrizione: string;
  /** SDI's suggestion (MessaggiFatturaTypes receipts only); null when the message has none. */
  Suggerimento: string | null;
}

export interface RiferimentoFatturaJson {
  numero_fattura: string;
  anno_fattura: string;
  posizione_fattura: string | null;
}

/**
 * A notification's `message`: the SDI receipt as snake_case JSON (spec "Notification"). The
 * common members are always present (null when the message has no such field); members
 * specific to one type (MT, SE, EC, MC by PEC) appear only when the message carries them.
 */
export interface NotificationMessageJson {
  identificativo_sdi: string;
  nome_file: string | null;
  hash: string | null;
  data_ora_ricezione: string | null;
  data_ora_consegna: string | null;
  destinatario: { codice: string; descrizione: string | null } | null;
  riferimento_archivio: { identificativo_sdi: string; nome_file: string } | null;
  esito_committente: {
    esito: string;
    descrizione: string | null;
    identificativo_sdi: string | null;
    riferimento_fattura: RiferimentoFatturaJson | null;
    message_id_committente: string | null;
  } | null;
  descrizione: string | null;
  message_id: string | null;
  pec_message_id: string | null;
  note: string | null;
  /** Always an array, empty for messages other than NS. */
  lista_errori: NotificationErrorJson[];
  data_messa_a_disposizione?: string;
  riferimento_fattura?: RiferimentoFatturaJson;
  message_id_committente?: string;
  codice_destinatario?: string;
  formato?: string;
  tentativi_invio?: string;
  scarto?: string;
}

function riferimentoFatturaJson(
  reference: RiferimentoFattura | undefined,
): RiferimentoFatturaJson | null {
  return reference
    ? {
        numero_fattura: reference.numeroFattura,
        anno_fattura: reference.annoFattura,
        posizione_fattura: reference.posizioneFattura ?? null,
      }
    : null;
}

/** The snake_case JSON of an already parsed message. */
export function notificationJsonOf(message: ParsedSdiMessage): NotificationMessageJson {
  const esito = message.esitoCommittente;
  const json: NotificationMessageJson = {
    identificativo_sdi: message.identificativoSdi,
    nome_file: message.nomeFile ?? null,
    hash: message.hash ?? null,
    data_ora_ricezione: message.dataOraRicezione ?? null,
    data_ora_consegna: message.dataOraConsegna ?? null,
    destinatario: message.destinatario
      ? {
          codice: message.destinatario.codice,
          descrizione: message.destinatario.descrizione ?? null,
        }
      : null,
    riferimento_archivio: message.riferimentoArchivio
      ? {
          identificativo_sdi: message.riferimentoArchivio.identificativoSdi,
          nome_file: message.riferimentoArchivio.nomeFile,
        }
      : null,
    esito_committente: esito
      ? {
          esito: esito.esito,
          descrizione: esito.descrizione ?? null,
          identificativo_sdi: esito.identificativoSdi ?? null,
          riferimento_fattura: riferimentoFatturaJson(esito.riferimentoFattura),
          message_id_committente: esito.messageIdCommittente ?? null,
        }
      : null,
    descrizione: message.descrizione ?? null,
    message_id: message.messageId ?? null,
    pec_message_id: message.pecMessageId ?? null,
    note: message.note ?? null,
    lista_errori: message.listaErrori.map((errore) => ({
      Codice: errore.codice,
      Descrizione: errore.descrizione,
      Suggerimento: errore.suggerimento ?? null,
    })),
  };
  if (message.dataMessaADisposizione)
    json.data_messa_a_disposizione = message.dataMessaADisposizione;
  const riferimento = riferimentoFatturaJson(message.riferimentoFattura);
  if (riferimento) json.riferimento_fattura = riferimento;
  if (message.messageIdCommittente) json.message_id_committente = message.messageIdCommittente;
  if (message.codiceDestinatario) json.codice_destinatario = message.codiceDestinatario;
  if (message.formato) json.formato = message.formato;
  if (message.tentativiInvio) json.tentativi_invio = message.tentativiInvio;
  if (message.scarto) json.scarto = message.scarto;
  return json;
}

/**
 * The notification `message` JSON of any SDI message XML (official samples, real signed PEC
 * receipts, the sandbox's own messages). Throws `SdiMessageError` for anything that is not one.
 */
export function toNotificationJson(xml: string | Uint8Array): NotificationMessageJson {
  return notificationJsonOf(parseSdiMessage(xml));
}
