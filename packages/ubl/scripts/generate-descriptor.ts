/**
 * Generates src/codec/descriptor.generated.ts from the UBL 2.1 XSD in schemas/ubl-2.1: for each
 * element of the document namespaces its type; for each aggregate type its children in schema
 * order (with maxOccurs > 1 marked); for each basic type the attributes it carries. The JSON
 * codec and jsonPathOf read it. Run: `npm run generate:descriptor -w packages/ubl`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { XElement } from '../src/tree/node.ts';
import { parseKeepingLibxml2 } from '../src/xml/parse.ts';

const XSD = 'http://www.w3.org/2001/XMLSchema';
const xsdDirectory = new URL('../schemas/ubl-2.1/xsd/', import.meta.url);
const output = new URL('../src/codec/descriptor.generated.ts', import.meta.url);

/** The short names the descriptor uses for the namespaces whose elements the codec names. */
function aliasOf(namespace: string): string | undefined {
  const match = /^urn:oasis:names:specification:ubl:schema:xsd:(\w+)-2$/.exec(namespace);
  if (!match) return undefined;
  const name = match[1]!;
  if (name === 'CommonBasicComponents') return 'cbc';
  if (name === 'CommonAggregateComponents') return 'cac';
  if (name === 'CommonExtensionComponents') return 'ext';
  return name;
}

interface SchemaFile {
  targetNamespace: string;
  root: XElement;
  /** Prefix → namespace, as declared on xsd:schema. */
  prefixes: Map<string, string>;
}

/** The descriptor module's source, formatted as the repository's prettier writes it. */
export async function descriptorSource(): Promise<string> {
  const schemas: SchemaFile[] = [];
  for (const folder of ['common', 'maindoc']) {
    const directory = new URL(`${folder}/`, xsdDirectory);
    for (const name of readdirSync(fileURLToPath(directory)).sort()) {
      if (!name.endsWith('.xsd')) continue;
      const parsed = parseKeepingLibxml2(readFileSync(fileURLToPath(new URL(name, directory))));
      parsed.release();
      const root = parsed.document?.root;
      // The xmldsig schema has a DTD (refused by layer 1): signatures are raw XML in the JSON.
      if (!root) {
        if (name.includes('xmldsig')) continue;
        throw new Error(`Cannot read ${name}`);
      }
      const prefixes = new Map(root.nsDecls?.map(([prefix, uri]) => [prefix, uri]) ?? []);
      const targetNamespace = root.attrs.find((a) => a.local === 'targetNamespace')?.value ?? '';
      schemas.push({ targetNamespace, root, prefixes });
    }
  }

  const xsdChildren = (element: XElement, local?: string): XElement[] =>
    element.children.filter(
      (child): child is XElement =>
        child.kind === 'element' &&
        child.ns === XSD &&
        (local === undefined || child.local === local),
    );
  const attribute = (element: XElement, name: string): string | undefined =>
    element.attrs.find((a) => a.local === name && a.ns === '')?.value;

  /** `{namespace}local` of a QName written in `schema`. */
  function qualified(schema: SchemaFile, qname: string): string {
    const colon = qname.indexOf(':');
    const prefix = colon === -1 ? '' : qname.slice(0, colon);
    const local = colon === -1 ? qname : qname.slice(colon + 1);
    return `{${schema.prefixes.get(prefix) ?? ''}}${local}`;
  }

  const elementTypes = new Map<string, string>(); // {ns}element → {ns}type
  const complexTypes = new Map<string, { schema: SchemaFile; node: XElement }>();
  for (const schema of schemas) {
    for (const element of xsdChildren(schema.root, 'element')) {
      const type = attribute(element, 'type');
      if (type) {
        elementTypes.set(
          `{${schema.targetNamespace}}${attribute(element, 'name')}`,
          qualified(schema, type),
        );
      }
    }
    for (const type of xsdChildren(schema.root, 'complexType')) {
      complexTypes.set(`{${schema.targetNamespace}}${attribute(type, 'name')}`, {
        schema,
        node: type,
      });
    }
  }

  function split(name: string): [namespace: string, local: string] {
    const close = name.indexOf('}');
    return [name.slice(1, close), name.slice(close + 1)];
  }

  function key(name: string): string | undefined {
    const [namespace, local] = split(name);
    const alias = aliasOf(namespace);
    return alias ? `${alias}:${local}` : undefined;
  }

  /** Attribute names of a simple-content type, its bases' first. */
  function attributesOf(typeName: string, seen = new Set<string>()): string[] | undefined {
    const type = complexTypes.get(typeName);
    if (!type || seen.has(typeName)) return undefined;
    seen.add(typeName);
    const content = xsdChildren(type.node, 'simpleContent')[0];
    if (!content) return undefined;
    const derivation = xsdChildren(content)[0];
    if (!derivation) return [];
    const base = attribute(derivation, 'base');
    const inherited = (base && attributesOf(qualified(type.schema, base), seen)) || [];
    const names = [...inherited];
    for (const declared of xsdChildren(derivation, 'attribute')) {
      const name = attribute(declared, 'name');
      if (!name) continue;
      const index = names.indexOf(name);
      if (attribute(declared, 'use') === 'prohibited') {
        if (index !== -1) names.splice(index, 1);
      } else if (index === -1) names.push(name);
    }
    return names;
  }

  /** Children of a complex type's content model in order; `many` once any level repeats. */
  function childrenOf(type: { schema: SchemaFile; node: XElement }): string[] | 'any' {
    const children: string[] = [];
    let any = false;
    const visit = (group: XElement, repeated: boolean): void => {
      for (const particle of xsdChildren(group)) {
        const max = attribute(particle, 'maxOccurs') ?? '1';
        const many = repeated || max === 'unbounded' || Number(max) > 1;
        if (particle.local === 'element') {
          const ref = attribute(particle, 'ref');
          const name = ref ? key(qualified(type.schema, ref)) : undefined;
          if (name) children.push(many ? `${name}*` : name);
        } else if (particle.local === 'sequence' || particle.local === 'choice') {
          visit(particle, many);
        } else if (particle.local === 'any') any = true;
      }
    };
    for (const group of xsdChildren(type.node)) {
      if (group.local === 'sequence' || group.local === 'choice') visit(group, false);
    }
    return any && children.length === 0 ? 'any' : children;
  }

  const elements: Record<string, string> = {};
  const complex: Record<string, readonly string[]> = {};
  const basic: Record<string, readonly string[]> = {};
  const anyContent: string[] = [];
  const namespaces: Record<string, string> = {};
  for (const [element, type] of [...elementTypes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const elementKey = key(element);
    const typeKey = key(type);
    if (!elementKey || !typeKey) continue;
    namespaces[elementKey.slice(0, elementKey.indexOf(':'))] = split(element)[0];
    elements[elementKey] = typeKey;
    if (typeKey in complex || typeKey in basic || anyContent.includes(typeKey)) continue;
    const attributes = attributesOf(type);
    if (attributes) {
      basic[typeKey] = attributes;
      continue;
    }
    const definition = complexTypes.get(type);
    if (!definition) throw new Error(`No type ${type} for ${element}`);
    const children = childrenOf(definition);
    if (children === 'any') anyContent.push(typeKey);
    else complex[typeKey] = children;
  }

  const header = `/**
   * Generated by scripts/generate-descriptor.ts from the UBL 2.1 XSD (schemas/ubl-2.1): do not
   * edit. Element and type keys are \`alias:LocalName\`, the aliases named in NAMESPACES.
   */
  `;
  const source =
    header +
    `/** The namespace of each alias: cbc, cac, ext and one per document type (its root's name). */
  export const NAMESPACES: Readonly<Record<string, string>> = ${JSON.stringify(namespaces)};

  /** Each element's type. */
  export const ELEMENT_TYPES: Readonly<Record<string, string>> = ${JSON.stringify(elements)};

  /**
   * Each aggregate type's child elements in schema order; \`*\` ends a name whose maxOccurs is
   * above 1 (always an array in the JSON).
   */
  export const COMPLEX_TYPES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(complex)};

  /** Each basic type's attributes, its base types' first. */
  export const BASIC_TYPES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(basic)};

  /** Types whose content is any XML (ext:ExtensionContent): kept as raw XML. */
  export const ANY_CONTENT_TYPES: readonly string[] = ${JSON.stringify(anyContent)};
  `;
  const path = fileURLToPath(output);
  const config = await resolveConfig(path);
  return format(source, { ...config, filepath: path });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const path = fileURLToPath(output);
  writeFileSync(path, await descriptorSource());
  console.log(`descriptor → ${path}`);
}
