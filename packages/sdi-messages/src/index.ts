/**
 * SDI's message layer (no server in it): builders of the signed messages SDI sends
 * (RC, NS, MC, NE, DT, AT), the parser of every SDI message (also EC, SE, MT and the
 * MessaggiFatturaTypes PEC receipts), XMLDSig signing and verification, schema validation and
 * the notification JSON the API returns.
 */
export {
  buildAttestazioneTrasmissioneFattura,
  buildMetadatiInvioFile,
  buildNotificaDecorrenzaTermini,
  buildNotificaEsito,
  buildNotificaMancataConsegna,
  buildNotificaScarto,
  buildRicevutaConsegna,
  buildSdiMessage,
  type BuildOptions,
} from './build-sdi-messages.ts';
export * from './message-types.ts';
export { validateSdiMessage, type SchemaCheck } from './message-schema.ts';
export {
  invoiceFileBaseName,
  notificationFileName,
  type SdiMessageType,
} from './notification-file-name.ts';
export {
  notificationJsonOf,
  toNotificationJson,
  type NotificationErrorJson,
  type NotificationMessageJson,
  type RiferimentoFatturaJson,
} from './notification-json.ts';
export { parseSdiMessage } from './parse-sdi-message.ts';
export { formatSdiDate, formatSdiDateTime } from './sdi-date-time.ts';
export { SdiMessageError, type SdiMessageErrorCode } from './sdi-message-error.ts';
export { createSdiSigner, type SdiSigner } from './sdi-signer.ts';
export {
  verifySdiMessage,
  type SdiSignatureVerification,
  type VerifyOptions,
} from './verify-sdi-message.ts';
export {
  createSelfSignedSdiCertificate,
  SANDBOX_SDI_SUBJECT,
  type CertificateSubject,
  type SelfSignedOptions,
} from './self-signed-certificate.ts';
