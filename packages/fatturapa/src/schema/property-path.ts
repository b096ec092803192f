import type { ChildDescriptor, TypeDescriptors } from '../codec/descriptor.ts';
import { toSnakeCase } from '../model/snake-case.ts';

const step = /^(?:[^:[\]]+:)?([^[\]]+)(?:\[(\d+)\])?$/;

/**
 * Turns the XPath libxml2 gives for a node (`/p:FatturaElettronica/FatturaElettronicaBody[2]/
 * DatiBeniServizi/DettaglioLinee[3]/PrezzoTotale`) into the JSON property path of the model
 * (`fattura_elettronica_body[1].dati_beni_servizi.dettaglio_linee[2].prezzo_totale`): keys in
 * snake_case, and an index (0-based) on every element the schema lets repeat.
 */
export function xpathToPropertyPath(xpath: string, types: TypeDescriptors): string {
  const steps = xpath.split('/').filter(Boolean).slice(1);
  let typeName: string | undefined = 'FatturaElettronica';
  const parts: string[] = [];
  for (const raw of steps) {
    if (raw.startsWith('@')) {
      parts.push(toSnakeCase(raw.slice(1).replace(/^[^:]+:/, '')));
      break;
    }
    const match = step.exec(raw);
    if (!match) break;
    const name = match[1] ?? '';
    const position = match[2] ? Number(match[2]) : 1;
    const descriptor: ChildDescriptor | undefined = typeName
      ? types[typeName]?.find((child) => child.name === name)
      : undefined;
    const key = descriptor?.key ?? toSnakeCase(name);
    // Single elements carry no index, unless an invalid file repeats them (the reader then keeps
    // every occurrence in an array).
    parts.push(descriptor?.many || position > 1 ? `${key}[${position - 1}]` : key);
    typeName = descriptor?.complex;
  }
  return parts.join('.');
}

/** The complex type (without `Type`) of the element at an XPath; undefined for a leaf or unknown. */
export function typeAtXPath(xpath: string, types: TypeDescriptors): string | undefined {
  let typeName: string | undefined = 'FatturaElettronica';
  for (const raw of xpath.split('/').filter(Boolean).slice(1)) {
    const name = step.exec(raw)?.[1];
    if (!name || !typeName) return undefined;
    typeName = types[typeName]?.find((child) => child.name === name)?.complex;
  }
  return typeName;
}
