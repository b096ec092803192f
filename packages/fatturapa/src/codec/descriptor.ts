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
