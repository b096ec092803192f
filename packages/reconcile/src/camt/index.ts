/**
 * @fiscus/reconcile/camt: the ISO 20022 camt.053 / camt.054 reader (Node: it reads the official
 * XSDs shipped in `schemas/`). Its entries go to the matcher as they are.
 */
export {
  CAMT_VERSIONS,
  DEFAULT_MAX_CAMT_BYTES,
  MAX_CAMT_DEPTH,
  MAX_CAMT_NAME_LENGTH,
  readCamt,
  type CamtAccountReport,
  type CamtDocument,
  type CamtMessage,
  type CamtReadOptions,
  type CamtResult,
  type CamtVersion,
} from './camt-reader.ts';
export {
  CamtRefusedError,
  camtRefusal,
  type CamtRefusal,
  type CamtRefusalCode,
  type CamtSchemaProblem,
} from './camt-refusal.ts';
