/**
 * Writes src/codec/descriptor.generated.ts from the official XSDs in schemas/: for each form,
 * every complex type's children in schema order, which of them repeat (maxOccurs > 1 of the
 * element or of a group around it: an array in JSON) and which elements carry attributes.
 * Run: npx tsx scripts/generate-descriptor.ts [OUTPUT]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlElement } from 'libxml2-wasm';
import { format, resolveConfig } from 'prettier';

const XSD = 'http://www.w3.org/2001/XMLSchema';

interface Child {
  name: string;
  type?: string;
  many?: true;
  optional?: true;
  attributes?: string[];
}

const forms = [
  { form: 'FA(3)', file: 'FA/schemat_FA(3)_v1-0E.xsd' },
  { form: 'FA(2)', file: 'FA/schemat_FA(2)_v1-0E.xsd' },
  { form: 'FA_RR(1)', file: 'RR/schemat_FA_RR(1)_v1-1E.xsd' },
];

function xsdChildren(element: XmlElement): XmlElement[] {
  const result: XmlElement[] = [];
  for (let node = element.firstChild; node; node = node.next) {
    if (node instanceof XmlElement && node.namespaceUri === XSD) result.push(node);
  }
  return result;
}

function attr(element: XmlElement, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function repeats(element: XmlElement): boolean {
  const max = attr(element, 'maxOccurs');
  return max !== undefined && (max === 'unbounded' || Number(max) > 1);
}

function localType(reference: string | undefined, targetPrefix: string): string | undefined {
  if (!reference) return undefined;
  const [prefix, name] = reference.includes(':') ? reference.split(':') : ['', reference];
  return prefix === targetPrefix ? name : undefined;
}

function describe(file: string): {
  namespace: string;
  root: string;
  types: Record<string, Child[]>;
} {
  const path = fileURLToPath(new URL(`../schemas/${file}`, import.meta.url));
  const document = XmlDocument.fromBuffer(readFileSync(path));
  const schema = document.root;
  const namespace = attr(schema, 'targetNamespace') ?? '';
  const targetPrefix =
    Object.entries(schema.nsDeclarations).find(([, uri]) => uri === namespace)?.[0] ?? '';
  const named = new Map<string, XmlElement>();
  for (const child of xsdChildren(schema)) {
    const name = attr(child, 'name');
    if (name && child.name === 'complexType') named.set(name, child);
  }
  const types: Record<string, Child[]> = {};

  // The attributes an element's complex type declares (simple or complex content).
  function attributesOf(complexType: XmlElement): string[] {
    const names: string[] = [];
    const visit = (element: XmlElement): void => {
      for (const child of xsdChildren(element)) {
        if (child.name === 'attribute') names.push(attr(child, 'name') ?? '');
        else if (
          ['simpleContent', 'complexContent', 'extension', 'restriction'].includes(child.name)
        )
          visit(child);
      }
    };
    visit(complexType);
    return names;
  }

  function hasElementContent(complexType: XmlElement): boolean {
    return !xsdChildren(complexType).some((child) => child.name === 'simpleContent');
  }

  /** minOccurs="0": the particle may be left out. */
  function mayBeLeftOut(element: XmlElement): boolean {
    return attr(element, 'minOccurs') === '0';
  }

  function particles(
    group: XmlElement,
    many: boolean,
    into: Child[],
    id: string,
    optional = false,
  ): void {
    // The branches of a choice are each optional: another branch may stand in their place.
    const inChoice = group.name === 'choice';
    for (const child of xsdChildren(group)) {
      if (child.name === 'sequence' || child.name === 'choice') {
        particles(
          child,
          many || repeats(child),
          into,
          id,
          optional || inChoice || mayBeLeftOut(child),
        );
      } else if (child.name === 'element') {
        const name = attr(child, 'name') ?? '';
        const entry: Child = { name };
        if (many || repeats(child)) entry.many = true;
        if (optional || inChoice || mayBeLeftOut(child)) entry.optional = true;
        const inline = xsdChildren(child).find((node) => node.name === 'complexType');
        const typeName = localType(attr(child, 'type'), targetPrefix);
        const complexType = inline ?? (typeName ? named.get(typeName) : undefined);
        if (complexType) {
          const attributes = attributesOf(complexType);
          if (attributes.length > 0) entry.attributes = attributes;
          if (hasElementContent(complexType)) {
            const key = inline ? `${id}/${name}` : (typeName ?? name);
            entry.type = key;
            if (!(key in types)) {
              types[key] = [];
              types[key] = contentOf(complexType, key);
            }
          }
        }
        if (!into.some((existing) => existing.name === name)) into.push(entry);
      } else if (child.name === 'complexContent') {
        for (const extension of xsdChildren(child)) {
          const base = localType(attr(extension, 'base'), targetPrefix);
          const baseType = base ? named.get(base) : undefined;
          if (baseType) into.push(...contentOf(baseType, base ?? ''));
          particles(extension, many, into, id, optional);
        }
      }
    }
  }

  function contentOf(complexType: XmlElement, id: string): Child[] {
    const children: Child[] = [];
    particles(complexType, false, children, id);
    return children;
  }

  const rootElement = xsdChildren(schema).find((child) => child.name === 'element');
  if (!rootElement) throw new Error(`${file}: no root element`);
  const root = attr(rootElement, 'name') ?? '';
  const rootType = xsdChildren(rootElement).find((node) => node.name === 'complexType');
  if (!rootType) throw new Error(`${file}: the root has no inline type`);
  types[root] = contentOf(rootType, root);
  document.dispose();
  return { namespace, root, types };
}

const descriptors = Object.fromEntries(forms.map(({ form, file }) => [form, describe(file)]));
const source = `// Generated by scripts/generate-descriptor.ts from the official XSDs in schemas/: do not edit.
import type { FormDescriptor } from './descriptor.ts';

export const FORM_DESCRIPTORS = ${JSON.stringify(descriptors)} satisfies Record<string, FormDescriptor>;
`;
// The output file: the package's own, or the path given (the tests compare the two).
const own = fileURLToPath(new URL('../src/codec/descriptor.generated.ts', import.meta.url));
const target = process.argv[2] ?? own;
const options = (await resolveConfig(own)) ?? {};
writeFileSync(target, await format(source, { ...options, filepath: own }));
