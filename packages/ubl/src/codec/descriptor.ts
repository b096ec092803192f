import {
  ANY_CONTENT_TYPES,
  BASIC_TYPES,
  COMPLEX_TYPES,
  ELEMENT_TYPES,
  NAMESPACES,
} from './descriptor.generated.ts';

/** What the UBL 2.1 XSD says of an element's content. */
export type TypeKind = 'complex' | 'basic' | 'any';

/** A child element a complex type allows. */
export interface ChildInfo {
  /** `alias:Local` of the element. */
  element: string;
  /** Its namespace and local name. */
  ns: string;
  local: string;
  /** maxOccurs above 1: an array in the JSON. */
  many: boolean;
  /** Its type key. */
  type: string;
  /** Position in the parent's content model. */
  index: number;
}

const aliasByNamespace = new Map(Object.entries(NAMESPACES).map(([alias, ns]) => [ns, alias]));
const anyContent: ReadonlySet<string> = new Set(ANY_CONTENT_TYPES);

/** The `alias:Local` key of an element, or undefined outside the UBL namespaces. */
export function elementKey(ns: string, local: string): string | undefined {
  const alias = aliasByNamespace.get(ns);
  return alias === undefined ? undefined : `${alias}:${local}`;
}

/** The type key of the element `alias:Local`. */
export function typeOfElement(key: string): string | undefined {
  return Object.hasOwn(ELEMENT_TYPES, key) ? ELEMENT_TYPES[key] : undefined;
}

export function kindOf(type: string): TypeKind | undefined {
  if (Object.hasOwn(COMPLEX_TYPES, type)) return 'complex';
  if (Object.hasOwn(BASIC_TYPES, type)) return 'basic';
  if (anyContent.has(type)) return 'any';
  return undefined;
}

/** The attributes a basic type carries. */
export function attributesOf(type: string): readonly string[] {
  return (Object.hasOwn(BASIC_TYPES, type) ? BASIC_TYPES[type] : undefined) ?? [];
}

export interface TypeChildren {
  /** By local name (UBL local names are unique within one content model). */
  byLocal: ReadonlyMap<string, ChildInfo>;
  ordered: readonly ChildInfo[];
}

const childrenCache = new Map<string, TypeChildren>();

/** The children of a complex type in schema order (cached). */
export function childrenOf(type: string): TypeChildren | undefined {
  let children = childrenCache.get(type);
  if (children) return children;
  const list = Object.hasOwn(COMPLEX_TYPES, type) ? COMPLEX_TYPES[type] : undefined;
  if (!list) return undefined;
  const ordered: ChildInfo[] = [];
  for (const entry of list) {
    const many = entry.endsWith('*');
    const element = many ? entry.slice(0, -1) : entry;
    const colon = element.indexOf(':');
    const alias = element.slice(0, colon);
    ordered.push({
      element,
      ns: NAMESPACES[alias] ?? '',
      local: element.slice(colon + 1),
      many,
      type: ELEMENT_TYPES[element] ?? '',
      index: ordered.length,
    });
  }
  children = { byLocal: new Map(ordered.map((child) => [child.local, child])), ordered };
  childrenCache.set(type, children);
  return children;
}

/** The child of `type` that the element `ns`/`local` is, if the schema allows it there. */
export function childOf(
  type: string | undefined,
  ns: string,
  local: string,
): ChildInfo | undefined {
  if (type === undefined) return undefined;
  const child = childrenOf(type)?.byLocal.get(local);
  return child?.ns === ns ? child : undefined;
}

/** The type key of a document's root element. */
export function rootType(root: string): string | undefined {
  return typeOfElement(`${root}:${root}`);
}
