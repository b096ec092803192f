/** Why an SDI message could not be read, built or verified. */
export type SdiMessageErrorCode =
  /** Empty input, nothing to read. */
  | 'empty'
  /** Larger than any SDI message can be. */
  | 'too-large'
  /** DOCTYPE or entity declarations: refused before parsing (XXE, entity expansion). */
  | 'doctype-forbidden'
  /** Not well-formed XML. */
  | 'malformed-xml'
  /** Well-formed XML, but not one of the SDI messages we know. */
  | 'unknown-message'
  /** An SDI message missing a mandatory element. */
  | 'missing-field'
  /** Builder input that SDI could never have produced (bad identifier, date, code…). */
  | 'invalid-input'
  /** A built message that does not validate against MessaggiTypes_v1.1.xsd. */
  | 'schema-invalid'
  /** The signing key cannot be used for XMLDSig as SDI signs (RSA only). */
  | 'unsupported-key';

/** Typed error of the SDI message layer: callers map it to a 4xx problem, never to a 500. */
export class SdiMessageError extends Error {
  override readonly name = 'SdiMessageError';

  constructor(
    readonly code: SdiMessageErrorCode,
    message: string,
    /** Details, e.g. the schema errors of a message that does not validate. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}
