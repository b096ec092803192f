import type { InvoiceFormat } from '../model/index.ts';
import { ordinaryTypes, simplifiedTypes } from './descriptor.generated.ts';

/** One child element of a complex type, as the XSD declares it. */
export interface ChildDescriptor {
  /** XML element name (`IdFiscaleIVA`). */
  name: string;
  /** JSON key (`id_fiscale_iva`). */
  key: string;
  /** maxOccurs > 1: always an array in JSON. */
  many: boolean;
  optional: boolean;
  /** Name of the complex type (without `Type`); absent for leaves, which are strings. */
  complex?: string;
}

/** Complex type name (without `Type`) → its children in schema order. */
export type TypeDescriptors = Record<string, readonly ChildDescriptor[]>;

/** The complex type of the root element, in the descriptors of every format. */
export const ROOT_TYPE = 'FatturaElettronica';

/** The descriptors of a format's schema. */
export function typesOf(format: InvoiceFormat): TypeDescriptors {
  return format === 'FSM10' ? simplifiedTypes : ordinaryTypes;
}

/**
 * The length of the longest element name of the FatturaPA schemas (the roots included): no name
 * of a valid invoice is longer, not even the XAdES names of an enveloped signature.
 */
export const LONGEST_ELEMENT_NAME = Math.max(
  'FatturaElettronicaSemplificata'.length,
  ...[ordinaryTypes, simplifiedTypes].flatMap((types) =>
    Object.values(types).flatMap((children) => children.map((child) => child.name.length)),
  ),
);
