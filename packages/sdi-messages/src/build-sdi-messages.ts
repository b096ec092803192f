import { createHash, randomInt } from 'node:crypto';
import { validateSdiMessage } from './message-schema.ts';
import type {
  AttestazioneTrasmissioneFatturaInput,
  BuiltSdiMessage,
  Destinatario,
  MessageInputBase,
  MetadatiInvioFileInput,
  NotificaDecorrenzaTerminiInput,
  NotificaEsitoInput,
  NotificaMancataConsegnaInput,
  NotificaScartoInput,
  RicevutaConsegnaInput,
  RiferimentoArchivio,
  RiferimentoFattura,
  SdiMessageInput,
} from './message-types.ts';
import { MESSAGGI_NAMESPACE } from './message-types.ts';
import { writeXmlDocument, type XmlNodeSpec } from './message-xml-writer.ts';
import { notificationFileName, type SdiMessageType } from './notification-file-name.ts';
import { formatSdiDateTime } from './sdi-date-time.ts';
import { SdiMessageError } from './sdi-message-error.ts';
import type { SdiSigner } from './sdi-signer.ts';
import { XMLDSIG_NAMESPACE } from './xmldsig-algorithms.ts';

export interface BuildOptions {
  signer: SdiSigner;
  /** Progressive number of this message type for the invoice file (file name `_RC_001`). */
  progressivo?: number;
}

// Limits of MessaggiTypes_v1.1.xsd, checked up front so a bad input gets a clear message
// rather than a schema error after signing.
const DESCRIZIONE_MAX = 255;
const MAX_ERRORI = 200;

function invalid(message: string): never {
  throw new SdiMessageError('invalid-input', message);
}

function checkBase(input: MessageInputBase): string {
  if (!/^\d{1,12}$/.test(input.identificativoSdi)) {
    invalid(`IdentificativoSdI must be 1-12 digits, got '${input.identificativoSdi}'`);
  }
  if (input.nomeFile === '' || input.nomeFile.length > 50) {
    invalid(`NomeFile must be 1-50 characters, got '${input.nomeFile}'`);
  }
  // SDI's MessageId values are numeric; 10 digits like the real receipts.
  const messageId = input.messageId ?? String(randomInt(1_000_000_000, 10_000_000_000));
  if (messageId.length < 1 || messageId.length > 14) {
    invalid(`MessageId must be 1-14 characters, got '${messageId}'`);
  }
  return messageId;
}

/** SDI's Descrizione fields hold 255 characters: longer official texts are cut, not refused. */
function descrizione(value: string): string {
  return value.length > DESCRIZIONE_MAX ? `${value.slice(0, DESCRIZIONE_MAX - 1)}…` : value;
}

function leaf(name: string, value: string | undefined): XmlNodeSpec | undefined {
  return value === undefined ? undefined : { name, text: value };
}

function destinatarioNode(destinatario: Destinatario): XmlNodeSpec {
  if (!/^[A-Z0-9]{6,7}$/.test(destinatario.codice)) {
    invalid(
      `Destinatario Codice must be 6-7 uppercase letters or digits, got '${destinatario.codice}'`,
    );
  }
  return {
    name: 'Destinatario',
    children: [leaf('Codice', destinatario.codice), leaf('Descrizione', destinatario.descrizione)],
  };
}

function riferimentoArchivioNode(
  reference: RiferimentoArchivio | undefined,
): XmlNodeSpec | undefined {
  if (!reference) return undefined;
  if (!/^\d{1,12}$/.test(reference.identificativoSdi)) {
    invalid('RiferimentoArchivio IdentificativoSdI must be 1-12 digits');
  }
  return {
    name: 'RiferimentoArchivio',
    children: [
      leaf('IdentificativoSdI', reference.identificativoSdi),
      leaf('NomeFile', reference.nomeFile),
    ],
  };
}

function riferimentoFatturaNode(
  reference: RiferimentoFattura | undefined,
): XmlNodeSpec | undefined {
  if (!reference) return undefined;
  // NumeroFattura_Type: 1-20 Basic Latin characters.
  if (!/^[\x20-\x7E]{1,20}$/.test(reference.numeroFattura)) {
    invalid(`NumeroFattura must be 1-20 ASCII characters, got '${reference.numeroFattura}'`);
  }
  if (!/^\d{4}$/.test(reference.annoFattura)) invalid('AnnoFattura must be a 4-digit year');
  if (reference.posizioneFattura !== undefined && !/^[1-9]\d*$/.test(reference.posizioneFattura)) {
    invalid('PosizioneFattura must be a positive integer');
  }
  return {
    name: 'RiferimentoFattura',
    children: [
      leaf('NumeroFattura', reference.numeroFattura),
      leaf('AnnoFattura', reference.annoFattura),
      leaf('PosizioneFattura', reference.posizioneFattura),
    ],
  };
}

function tail(input: MessageInputBase, messageId: string): (XmlNodeSpec | undefined)[] {
  return [
    leaf('MessageId', messageId),
    leaf('PecMessageId', input.pecMessageId),
    leaf('Note', input.note),
  ];
}

function rootNode(
  name: string,
  children: (XmlNodeSpec | undefined)[],
  intermediarioConDupliceRuolo?: boolean,
): XmlNodeSpec {
  return {
    name: `types:${name}`,
    attributes: {
      'xmlns:types': MESSAGGI_NAMESPACE,
      'xmlns:ds': XMLDSIG_NAMESPACE,
      IntermediarioConDupliceRuolo: intermediarioConDupliceRuolo ? 'Si' : undefined,
      versione: '1.0',
    },
    children,
  };
}

function finish(
  type: SdiMessageType,
  input: MessageInputBase,
  messageId: string,
  root: XmlNodeSpec,
  options: { signer?: SdiSigner; progressivo?: number },
): BuiltSdiMessage {
  const fileName = notificationFileName(input.nomeFile, type, options.progressivo ?? 1);
  const unsigned = writeXmlDocument(root);
  const xml = options.signer ? options.signer.sign(unsigned) : unsigned;
  const check = validateSdiMessage(xml);
  if (!check.valid) {
    throw new SdiMessageError(
      'schema-invalid',
      `The ${type} message does not validate against MessaggiTypes_v1.1.xsd`,
      check.errors,
    );
  }
  return { type, fileName, messageId, xml };
}

/** RicevutaConsegna (RC): the invoice was delivered to the recipient. */
export function buildRicevutaConsegna(
  input: RicevutaConsegnaInput,
  options: BuildOptions,
): BuiltSdiMessage {
  const messageId = checkBase(input);
  const root = rootNode(
    'RicevutaConsegna',
    [
      leaf('IdentificativoSdI', input.identificativoSdi),
      leaf('NomeFile', input.nomeFile),
      leaf('DataOraRicezione', formatSdiDateTime(input.dataOraRicezione)),
      leaf('DataOraConsegna', formatSdiDateTime(input.dataOraConsegna)),
      destinatarioNode(input.destinatario),
      riferimentoArchivioNode(input.riferimentoArchivio),
      ...tail(input, messageId),
    ],
    input.intermediarioConDupliceRuolo,
  );
  return finish('RC', input, messageId, root, options);
}

/** NotificaScarto (NS): SDI rejected the file, with the list of errors found. */
export function buildNotificaScarto(
  input: NotificaScartoInput,
  options: BuildOptions,
): BuiltSdiMessage {
  const messageId = checkBase(input);
  if (input.listaErrori.length === 0) invalid('NotificaScarto needs at least one error');
  const errori = input.listaErrori.slice(0, MAX_ERRORI).map((errore): XmlNodeSpec => {
    if (!/^\d{5}$/.test(errore.codice))
      invalid(`Error Codice must be 5 digits, got '${errore.codice}'`);
    return {
      name: 'Errore',
      children: [
        leaf('Codice', errore.codice),
        leaf('Descrizione', descrizione(errore.descrizione)),
      ],
    };
  });
  const root = rootNode('NotificaScarto', [
    leaf('IdentificativoSdI', input.identificativoSdi),
    leaf('NomeFile', input.nomeFile),
    leaf('DataOraRicezione', formatSdiDateTime(input.dataOraRicezione)),
    riferimentoArchivioNode(input.riferimentoArchivio),
    { name: 'ListaErrori', children: errori },
    ...tail(input, messageId),
  ]);
  return finish('NS', input, messageId, root, options);
}

/** NotificaMancataConsegna (MC): SDI could not deliver the invoice to the recipient. */
export function buildNotificaMancataConsegna(
  input: NotificaMancataConsegnaInput,
  options: BuildOptions,
): BuiltSdiMessage {
  const messageId = checkBase(input);
  const root = rootNode('NotificaMancataConsegna', [
    leaf('IdentificativoSdI', input.identificativoSdi),
    leaf('NomeFile', input.nomeFile),
    leaf('DataOraRicezione', formatSdiDateTime(input.dataOraRicezione)),
    riferimentoArchivioNode(input.riferimentoArchivio),
    leaf(
      'Descrizione',
      input.descrizione === undefined ? undefined : descrizione(input.descrizione),
    ),
    ...tail(input, messageId),
  ]);
  return finish('MC', input, messageId, root, options);
}

/** NotificaEsito (NE): the PA recipient accepted (EC01) or refused (EC02) the invoice. */
export function buildNotificaEsito(
  input: NotificaEsitoInput,
  options: BuildOptions,
): BuiltSdiMessage {
  const messageId = checkBase(input);
  const esito = input.esitoCommittente;
  if (esito.esito !== 'EC01' && esito.esito !== 'EC02') {
    invalid(`Esito must be EC01 or EC02, got '${String(esito.esito)}'`);
  }
  const esitoNode: XmlNodeSpec = {
    name: 'EsitoCommittente',
    attributes: { versione: '1.0' },
    children: [
      leaf('IdentificativoSdI', input.identificativoSdi),
      riferimentoFatturaNode(esito.riferimentoFattura),
      leaf('Esito', esito.esito),
      leaf(
        'Descrizione',
        esito.descrizione === undefined ? undefined : descrizione(esito.descrizione),
      ),
      leaf('MessageIdCommittente', esito.messageIdCommittente),
    ],
  };
  const root = rootNode(
    'NotificaEsito',
    [
      leaf('IdentificativoSdI', input.identificativoSdi),
      leaf('NomeFile', input.nomeFile),
      esitoNode,
      ...tail(input, messageId),
    ],
    input.intermediarioConDupliceRuolo,
  );
  return finish('NE', input, messageId, root, options);
}

/** NotificaDecorrenzaTermini (DT): the PA did not answer within the terms (15 days). */
export function buildNotificaDecorrenzaTermini(
  input: NotificaDecorrenzaTerminiInput,
  options: BuildOptions,
): BuiltSdiMessage {
  const messageId = checkBase(input);
  const root = rootNode(
    'NotificaDecorrenzaTermini',
    [
      leaf('IdentificativoSdI', input.identificativoSdi),
      riferimentoFatturaNode(input.riferimentoFattura),
      leaf('NomeFile', input.nomeFile),
      leaf(
        'Descrizione',
        input.descrizione === undefined ? undefined : descrizione(input.descrizione),
      ),
      ...tail(input, messageId),
    ],
    input.intermediarioConDupliceRuolo,
  );
  return finish('DT', input, messageId, root, options);
}

/**
 * AttestazioneTrasmissioneFattura (AT): a PA invoice could not be delivered; SDI attests the
 * transmission and the transmitter must deliver it by other means. HashFileOriginale is the
 * SHA-256 (hex) of the file as sent.
 */
export function buildAttestazioneTrasmissioneFattura(
  input: AttestazioneTrasmissioneFatturaInput,
  options: BuildOptions,
): BuiltSdiMessage {
  const messageId = checkBase(input);
  const hash = createHash('sha256').update(input.originalFile).digest('hex');
  const root = rootNode('AttestazioneTrasmissioneFattura', [
    leaf('IdentificativoSdI', input.identificativoSdi),
    leaf('NomeFile', input.nomeFile),
    leaf('DataOraRicezione', formatSdiDateTime(input.dataOraRicezione)),
    riferimentoArchivioNode(input.riferimentoArchivio),
    destinatarioNode(input.destinatario),
    ...tail(input, messageId),
    leaf('HashFileOriginale', hash),
  ]);
  return finish('AT', input, messageId, root, options);
}

/**
 * MetadatiInvioFile (MT): what SDI sends the recipient together with the invoice file. The
 * schema gives it no signature, so it is not signed.
 */
export function buildMetadatiInvioFile(
  input: MetadatiInvioFileInput,
  options: { progressivo?: number } = {},
): BuiltSdiMessage {
  const messageId = checkBase(input);
  if (!/^[A-Z0-9]{6,7}$/.test(input.codiceDestinatario)) {
    invalid(
      `CodiceDestinatario must be 6-7 uppercase letters or digits, got '${input.codiceDestinatario}'`,
    );
  }
  if (input.formato.length < 1 || input.formato.length > 5)
    invalid('Formato must be 1-5 characters');
  const tentativiInvio = input.tentativiInvio ?? 1;
  if (!Number.isInteger(tentativiInvio) || tentativiInvio < 1) {
    invalid('TentativiInvio must be a positive integer');
  }
  const root = rootNode('MetadatiInvioFile', [
    leaf('IdentificativoSdI', input.identificativoSdi),
    leaf('NomeFile', input.nomeFile),
    leaf('CodiceDestinatario', input.codiceDestinatario),
    leaf('Formato', input.formato),
    leaf('TentativiInvio', String(tentativiInvio)),
    leaf('MessageId', messageId),
    leaf('Note', input.note),
  ]);
  return finish('MT', input, messageId, root, options);
}

/** Builds any of the messages SDI sends to a transmitter, chosen by `input.type`. */
export function buildSdiMessage(input: SdiMessageInput, options: BuildOptions): BuiltSdiMessage {
  switch (input.type) {
    case 'RC':
      return buildRicevutaConsegna(input, options);
    case 'NS':
      return buildNotificaScarto(input, options);
    case 'MC':
      return buildNotificaMancataConsegna(input, options);
    case 'NE':
      return buildNotificaEsito(input, options);
    case 'DT':
      return buildNotificaDecorrenzaTermini(input, options);
    case 'AT':
      return buildAttestazioneTrasmissioneFattura(input, options);
  }
}
