import { readFileSync } from 'node:fs';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { withParsedXml } from './safe-xml-parse.ts';

// The schema is given a URL of our own so that its relative import of xmldsig-core-schema.xsd
// resolves to the bundled copy through an in-memory provider: libxml2 never touches the
// network or the file system for it.
const SCHEMA_BASE = 'fiscus-sdi://schemas/';
const MESSAGES_SCHEMA = 'MessaggiTypes_v1.1.xsd';
const XMLDSIG_SCHEMA = 'xmldsig-core-schema.xsd';

function readBundledSchema(name: string): Uint8Array {
  return readFileSync(new URL(`./schemas/${name}`, import.meta.url));
}

let validator: XsdValidator | undefined;

function messagesValidator(): XsdValidator {
  if (!validator) {
    xmlRegisterInputProvider(
      new XmlBufferInputProvider({
        [SCHEMA_BASE + XMLDSIG_SCHEMA]: readBundledSchema(XMLDSIG_SCHEMA),
      }),
    );
    const schemaDocument = XmlDocument.fromBuffer(readBundledSchema(MESSAGES_SCHEMA), {
      url: SCHEMA_BASE + MESSAGES_SCHEMA,
    });
    // The compiled schema keeps pointing into its document: both live as long as the process.
    validator = XsdValidator.fromDoc(schemaDocument);
  }
  return validator;
}

/** Result of validating a message against MessaggiTypes_v1.1.xsd. */
export interface SchemaCheck {
  valid: boolean;
  /** libxml2's messages, `line N: …`, empty when valid. */
  errors: string[];
}

/**
 * Validates an SDI message (RC, NS, MC, NE, DT, AT, EC, SE, MT) against the official
 * MessaggiTypes_v1.1.xsd; the schema is compiled once per process. Throws `SdiMessageError`
 * only when the input is not XML at all.
 */
export function validateSdiMessage(xml: string | Uint8Array): SchemaCheck {
  const schema = messagesValidator();
  return withParsedXml(xml, (document) => {
    try {
      schema.validate(document);
      return { valid: true, errors: [] };
    } catch (error) {
      if (!(error instanceof XmlValidateError)) throw error;
      return {
        valid: false,
        errors: error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`),
      };
    }
  });
}
