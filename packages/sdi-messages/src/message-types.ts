import type { SdiMessageType } from './notification-file-name.ts';

/** Namespace of MessaggiTypes_v1.1.xsd (SdICoop channel: RC, NS, MC, NE, DT, AT, EC, SE, MT). */
export const MESSAGGI_NAMESPACE = 'http://www.fatturapa.gov.it/sdi/messaggi/v1.0';
/** Namespace of MessaggiFatturaTypes_v1.0.xsd, the receipts SDI sends by PEC on the B2B channel. */
export const MESSAGGI_FATTURA_NAMESPACE =
  'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fattura/messaggi/v1.0';

/** EC01 = accettazione (accepted), EC02 = rifiuto (refused). */
export type EsitoCommittente = 'EC01' | 'EC02';

/** RiferimentoArchivio: the zip archive the invoice file came in. */
export interface RiferimentoArchivio {
  identificativoSdi: string;
  nomeFile: string;
}

export interface Destinatario {
  /** Codice destinatario (7 characters) or IPA office code (6 characters). */
  codice: string;
  descrizione: string;
}

export interface RiferimentoFattura {
  numeroFattura: string;
  annoFattura: string;
  /** Position of the invoice in a lot (PosizioneFattura), when the file holds several. */
  posizioneFattura?: string;
}

/** One SDI rejection error; `suggerimento` only exists in MessaggiFatturaTypes receipts. */
export interface ErroreSdi {
  codice: string;
  descrizione: string;
  suggerimento?: string;
}

/** Fields every message SDI sends to the transmitter carries. */
export interface MessageInputBase {
  /** IdentificativoSdI SDI gave the invoice file (up to 12 digits). */
  identificativoSdi: string;
  /** Name of the invoice file as sent (also the prefix of the notification file name). */
  nomeFile: string;
  /** SDI's id of this message (1-14 characters); a random 10-digit number when omitted. */
  messageId?: string;
  pecMessageId?: string;
  note?: string;
}

export interface RicevutaConsegnaInput extends MessageInputBase {
  dataOraRicezione: Date;
  dataOraConsegna: Date;
  destinatario: Destinatario;
  riferimentoArchivio?: RiferimentoArchivio;
  intermediarioConDupliceRuolo?: boolean;
}

export interface NotificaScartoInput extends MessageInputBase {
  dataOraRicezione: Date;
  riferimentoArchivio?: RiferimentoArchivio;
  /** At least one error; SDI lists at most 200. */
  listaErrori: readonly Omit<ErroreSdi, 'suggerimento'>[];
}

export interface NotificaMancataConsegnaInput extends MessageInputBase {
  dataOraRicezione: Date;
  riferimentoArchivio?: RiferimentoArchivio;
  descrizione?: string;
}

export interface EsitoCommittenteInput {
  esito: EsitoCommittente;
  descrizione?: string;
  riferimentoFattura?: RiferimentoFattura;
  messageIdCommittente?: string;
}

export interface NotificaEsitoInput extends MessageInputBase {
  esitoCommittente: EsitoCommittenteInput;
  intermediarioConDupliceRuolo?: boolean;
}

export interface NotificaDecorrenzaTerminiInput extends MessageInputBase {
  riferimentoFattura?: RiferimentoFattura;
  descrizione?: string;
  intermediarioConDupliceRuolo?: boolean;
}

export interface AttestazioneTrasmissioneFatturaInput extends MessageInputBase {
  dataOraRicezione: Date;
  destinatario: Destinatario;
  riferimentoArchivio?: RiferimentoArchivio;
  /** The invoice file exactly as it was sent: HashFileOriginale is its SHA-256. */
  originalFile: Uint8Array | string;
}

export interface MetadatiInvioFileInput extends Omit<MessageInputBase, 'pecMessageId'> {
  /** The recipient code the invoice was addressed to (6-7 characters). */
  codiceDestinatario: string;
  /** FormatoTrasmissione of the invoice: FPA12, FPR12, FSM10… */
  formato: string;
  /** Delivery attempt number, 1 for the first. */
  tentativiInvio?: number;
}

/** A message to build, tagged with its type (for callers that pick the type at run time). */
export type SdiMessageInput =
  | ({ type: 'RC' } & RicevutaConsegnaInput)
  | ({ type: 'NS' } & NotificaScartoInput)
  | ({ type: 'MC' } & NotificaMancataConsegnaInput)
  | ({ type: 'NE' } & NotificaEsitoInput)
  | ({ type: 'DT' } & NotificaDecorrenzaTerminiInput)
  | ({ type: 'AT' } & AttestazioneTrasmissioneFatturaInput);

/** A signed, schema-valid message and the file name SDI gives it. */
export interface BuiltSdiMessage {
  type: SdiMessageType;
  fileName: string;
  messageId: string;
  xml: string;
}

/** Any SDI message read back, whatever its schema and namespace prefix. */
export interface ParsedSdiMessage {
  type: SdiMessageType;
  /** Root element name, e.g. `RicevutaImpossibilitaRecapito` for an MC received by PEC. */
  rootElement: string;
  schema: 'MessaggiTypes' | 'MessaggiFatturaTypes';
  identificativoSdi: string;
  nomeFile?: string;
  /** SHA-256 of the invoice file (Hash, or HashFileOriginale in AT). */
  hash?: string;
  dataOraRicezione?: string;
  dataOraConsegna?: string;
  dataMessaADisposizione?: string;
  destinatario?: { codice: string; descrizione?: string };
  riferimentoArchivio?: RiferimentoArchivio;
  riferimentoFattura?: RiferimentoFattura;
  listaErrori: ErroreSdi[];
  /** NE's EsitoCommittente, or the content of an EC itself. */
  esitoCommittente?: {
    identificativoSdi?: string;
    riferimentoFattura?: RiferimentoFattura;
    esito: string;
    descrizione?: string;
    messageIdCommittente?: string;
  };
  descrizione?: string;
  messageId?: string;
  messageIdCommittente?: string;
  pecMessageId?: string;
  note?: string;
  /** MT (MetadatiInvioFile / FileMetadati) only. */
  codiceDestinatario?: string;
  formato?: string;
  tentativiInvio?: string;
  /** SE only: EN00 (not conforming) or EN01 (not admissible). */
  scarto?: string;
  /** Whether a ds:Signature is present (see verifySdiMessage to check it). */
  signed: boolean;
}
