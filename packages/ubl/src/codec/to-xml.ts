import { forbiddenCharacterIn } from '@fiscus/fatturapa/xml-hardening';
import type { Finding } from '../findings.ts';
import { MAX_XML_DEPTH } from '../xml/limits.ts';
import { parseUbl } from '../xml/parse.ts';
import { rootNamespace, UBL_ROOTS } from '../xml/roots.ts';
import { attributesOf, childrenOf, kindOf, rootType, type ChildInfo } from './descriptor.ts';
import { NAMESPACES } from './descriptor.generated.ts';
import { escapeAttribute, escapeText } from './serialize.ts';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problem(id: string, message: string, path: string): Finding {
  return { layer: 'schema', id, flag: 'fatal', message, location: '', path };
}

/** An XML name with an optional prefix, ASCII only (every UBL name is). */
const qualifiedNamePattern = /^[A-Z_a-z][\w.-]*(?::[A-Z_a-z][\w.-]*)?$/;
/** The characters a URI may hold (RFC 3986): libxml2 refuses a namespace name with others. */
const uriPattern = /^[\w!#$%&'()*+,./:;=?@[\]~-]*$/;
const RESERVED_NAMESPACES = new Set([
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
]);

const knownNamespaces: ReadonlySet<string> = new Set(Object.values(NAMESPACES));

const aliasByNamespace = new Map(Object.entries(NAMESPACES).map(([alias, ns]) => [ns, alias]));

/** Writes the JSON of one document as XML, children in schema order (see json-shape.ts). */
class Writer {
  readonly problems: Finding[] = [];
  private readonly parts: string[] = [];
  /** In-scope namespace declarations, innermost last. */
  private readonly scopes: Array<ReadonlyArray<readonly [string, string]>> = [];
  /** Raw XML or qualified attributes were written: the result is parsed again to check it. */
  needsCheck = false;

  result(): string {
    return this.parts.join('');
  }

  private typeProblem(path: string, expected: string): void {
    this.problems.push(problem('JSON-TYPE', `${path} must be ${expected}`, path));
  }

  /** Whether `text` may be written in XML; a problem when it holds a forbidden character. */
  private writable(text: string, path: string): boolean {
    const forbidden = forbiddenCharacterIn(text);
    if (!forbidden) return true;
    this.problems.push(
      problem(
        'JSON-CHARACTER',
        `${path} holds ${forbidden === 'control' ? 'a control character XML forbids (NUL …)' : 'a lone surrogate'}`,
        path,
      ),
    );
    return false;
  }

  /** The prefix in scope for `ns`, or undefined when none is declared. */
  private prefixFor(ns: string): string | undefined {
    const seen = new Set<string>();
    for (let index = this.scopes.length - 1; index >= 0; index -= 1) {
      const scope = this.scopes[index]!;
      for (let at = scope.length - 1; at >= 0; at -= 1) {
        const [prefix, uri] = scope[at]!;
        if (seen.has(prefix)) continue;
        if (uri === ns) return prefix;
        seen.add(prefix);
      }
    }
    return undefined;
  }

  private bound(prefix: string): boolean {
    return this.scopes.some((scope) => scope.some(([declared]) => declared === prefix));
  }

  /** A declaration for `ns` to add on the element about to be written. */
  private newDeclaration(ns: string): readonly [string, string] {
    const alias = aliasByNamespace.get(ns) ?? 'ns';
    let prefix = alias === 'cbc' || alias === 'cac' || alias === 'ext' ? alias : 'ubl';
    for (let suffix = 1; this.bound(prefix); suffix += 1) prefix = `${alias}${suffix}`;
    return [prefix, ns];
  }

  /** `$ns` of an object as declarations (problems for wrong values). */
  private declarations(value: unknown, path: string): Array<readonly [string, string]> {
    if (value === undefined) return [];
    if (!isObject(value)) {
      this.typeProblem(`${path}.$ns`, 'an object of prefixes and namespace names');
      return [];
    }
    const declarations: Array<readonly [string, string]> = [];
    for (const [prefix, uri] of Object.entries(value)) {
      if (typeof uri !== 'string') {
        this.typeProblem(`${path}.$ns.${prefix}`, 'a string');
      } else if (
        (prefix !== '' &&
          (!qualifiedNamePattern.test(prefix) ||
            prefix.includes(':') ||
            prefix.toLowerCase().startsWith('xml') ||
            uri === '')) ||
        !uriPattern.test(uri) ||
        RESERVED_NAMESPACES.has(uri)
      ) {
        this.problems.push(
          problem(
            'JSON-NAME',
            `${path}.$ns: "${prefix}" = "${uri}" is not a namespace declaration XML allows`,
            `${path}.$ns.${prefix}`,
          ),
        );
      } else {
        // libxml2 refuses a namespace name that is no URI (a stray `%`…): any name not of UBL's
        // has the written document parsed again.
        if (!knownNamespaces.has(uri)) this.needsCheck = true;
        declarations.push([prefix, uri]);
      }
    }
    return declarations;
  }

  /** Opens an element: its declarations are in scope for its own name. Returns its name. */
  private open(
    ns: string,
    local: string,
    declarations: Array<readonly [string, string]>,
    attributes: string,
  ): string {
    this.scopes.push(declarations);
    let prefix = this.prefixFor(ns);
    if (prefix === undefined) {
      const added = this.newDeclaration(ns);
      declarations.push(added);
      prefix = added[0];
    }
    const name = prefix ? `${prefix}:${local}` : local;
    let tag = `<${name}`;
    for (const [declared, uri] of declarations) {
      tag += ` ${declared ? `xmlns:${declared}` : 'xmlns'}="${escapeAttribute(uri)}"`;
    }
    this.parts.push(tag + attributes);
    return name;
  }

  private attribute(name: string, value: unknown, path: string): string {
    if (typeof value !== 'string') {
      this.typeProblem(path, 'a string');
      return '';
    }
    if (!qualifiedNamePattern.test(name) || name.toLowerCase().startsWith('xmlns')) {
      this.problems.push(problem('JSON-NAME', `"${name}" is not an attribute name`, path));
      return '';
    }
    if (!this.writable(value, path)) return '';
    if (name.includes(':')) this.needsCheck = true;
    return ` ${name}="${escapeAttribute(value)}"`;
  }

  private basic(child: ChildInfo, value: unknown, path: string, indent: string): void {
    let text: string;
    let attributes = '';
    let declarations: Array<readonly [string, string]> = [];
    if (typeof value === 'string') {
      if (!this.writable(value, path)) return;
      text = value;
    } else if (isObject(value)) {
      if (typeof value.value !== 'string') {
        this.typeProblem(`${path}.value`, 'a string');
        return;
      }
      text = value.value;
      if (!this.writable(text, `${path}.value`)) return;
      declarations = this.declarations(value.$ns, path);
      const known = attributesOf(child.type);
      for (const [key, attributeValue] of Object.entries(value)) {
        if (key === 'value' || key === '$ns') continue;
        if (key.includes(':') || known.includes(key)) {
          attributes += this.attribute(key, attributeValue, `${path}.${key}`);
        } else {
          this.problems.push(
            problem(
              'JSON-UNKNOWN-KEY',
              `${path}: "${key}" is not an attribute of ${child.element} (${known.join(', ') || 'none'})`,
              `${path}.${key}`,
            ),
          );
        }
      }
    } else {
      this.typeProblem(path, 'a string, or an object with a string "value"');
      return;
    }
    this.parts.push(`\n${indent}`);
    const name = this.open(child.ns, child.local, declarations, attributes);
    this.parts.push(text === '' ? '/>' : `>${escapeText(text)}</${name}>`);
    this.scopes.pop();
  }

  private raw(value: unknown, path: string, indent: string): void {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      if (typeof item !== 'string') {
        this.typeProblem(`${path}[${index}]`, 'a string of XML');
        continue;
      }
      if (!this.writable(item, `${path}[${index}]`)) continue;
      this.needsCheck = true;
      this.parts.push(`\n${indent}${item}`);
    }
  }

  /** Writes an aggregate (or any-content) element whose JSON is `value`. */
  aggregate(
    ns: string,
    local: string,
    type: string,
    value: unknown,
    path: string,
    indent: string,
  ): void {
    if (!isObject(value)) {
      this.typeProblem(path, 'an object');
      return;
    }
    // Recursive aggregates (SubsidiaryLocation…) could nest without end: as deep as layer 1
    // reads, no deeper.
    if (indent.length / 2 >= MAX_XML_DEPTH - 1) {
      this.problems.push(
        problem(
          'JSON-DEPTH',
          `${path}: elements nest more than ${MAX_XML_DEPTH} levels deep`,
          path,
        ),
      );
      return;
    }
    const declarations = this.declarations(value.$ns, path);
    let attributes = '';
    if (value.$attrs !== undefined) {
      if (isObject(value.$attrs)) {
        for (const [key, attributeValue] of Object.entries(value.$attrs)) {
          attributes += this.attribute(key, attributeValue, `${path}.$attrs.${key}`);
        }
      } else this.typeProblem(`${path}.$attrs`, 'an object of attribute values');
    }
    if (indent) this.parts.push(`\n${indent}`);
    const name = this.open(ns, local, declarations, attributes);
    const start = this.parts.length;
    this.parts.push('>');
    if (kindOf(type) === 'any') {
      if (typeof value.$xml === 'string') {
        if (this.writable(value.$xml, `${path}.$xml`)) {
          this.needsCheck = true;
          this.parts.push(value.$xml);
        }
      } else if (value.$xml !== undefined) this.typeProblem(`${path}.$xml`, 'a string of XML');
      this.close(name, start, indent, false);
      return;
    }
    const children = childrenOf(type);
    const inner = `${indent}  `;
    // Raw elements ($prefix:Name) follow the known key before them in the object.
    const rawAfter = new Map<number, Array<[string, unknown]>>();
    let last = -1;
    const present = new Map<number, unknown>();
    for (const [key, childValue] of Object.entries(value)) {
      if (key === '$ns' || key === '$attrs' || key === '$xml' || key === '$text') continue;
      if (key.startsWith('$')) {
        const list = rawAfter.get(last) ?? [];
        list.push([key, childValue]);
        rawAfter.set(last, list);
        continue;
      }
      const child = children?.byLocal.get(key);
      if (!child) {
        this.problems.push(
          problem(
            'JSON-UNKNOWN-KEY',
            `${path}: "${key}" is not an element of ${type.slice(type.indexOf(':') + 1)}`,
            `${path}.${key}`,
          ),
        );
        continue;
      }
      present.set(child.index, childValue);
      last = child.index;
    }
    let wrote = false;
    const writeRaw = (index: number): void => {
      for (const [key, rawValue] of rawAfter.get(index) ?? []) {
        this.raw(rawValue, `${path}.${key}`, inner);
        wrote = true;
      }
    };
    writeRaw(-1);
    for (const child of children?.ordered ?? []) {
      if (present.has(child.index)) {
        this.child(child, present.get(child.index), `${path}.${child.local}`, inner);
        wrote = true;
      }
      writeRaw(child.index);
    }
    if (typeof value.$text === 'string' && this.writable(value.$text, `${path}.$text`)) {
      this.parts.push(escapeText(value.$text));
      wrote = true;
    }
    this.close(name, start, indent, wrote);
  }

  private close(name: string, start: number, indent: string, indented: boolean): void {
    // Nothing written after the start tag's `>`: the element closes itself.
    if (this.parts.length === start + 1) this.parts[start] = '/>';
    else this.parts.push(indented ? `\n${indent}</${name}>` : `</${name}>`);
    this.scopes.pop();
  }

  private child(child: ChildInfo, value: unknown, path: string, indent: string): void {
    if (child.many) {
      if (!Array.isArray(value)) {
        this.typeProblem(path, 'an array (maxOccurs above 1)');
        return;
      }
      for (let index = 0; index < value.length; index += 1) {
        this.one(child, value[index], `${path}[${index}]`, indent);
      }
    } else if (Array.isArray(value)) {
      this.typeProblem(path, 'a single value, not an array (maxOccurs 1)');
    } else this.one(child, value, path, indent);
  }

  private one(child: ChildInfo, value: unknown, path: string, indent: string): void {
    if (kindOf(child.type) === 'basic') this.basic(child, value, path, indent);
    else this.aggregate(child.ns, child.local, child.type, value, path, indent);
  }
}

/** The standard declarations of a document whose JSON has no `$ns` on its root. */
function defaultDeclarations(root: string, value: JsonObject): JsonObject {
  const declarations: JsonObject = {
    '': rootNamespace(root),
    cac: NAMESPACES.cac,
    cbc: NAMESPACES.cbc,
  };
  if ('UBLExtensions' in value) declarations.ext = NAMESPACES.ext;
  return declarations;
}

/**
 * The XML of a document's JSON (see json-shape.ts), children in schema order. Never throws:
 * unknown keys and values of the wrong type are `problems` (the rest is written); `xml` is
 * undefined when the JSON is no UBL document at all, or when what it holds as raw XML breaks
 * the document.
 */
export function jsonToUbl(json: unknown): { xml?: string; problems: Finding[] } {
  try {
    return writeDocument(json);
  } catch (error) {
    // Not reached from JSON.parse's values; a hand-made object (getters, odd prototypes) may.
    return {
      problems: [
        problem(
          'JSON-TYPE',
          `The document could not be read: ${error instanceof Error ? error.message : String(error)}`,
          '',
        ),
      ],
    };
  }
}

function writeDocument(json: unknown): { xml?: string; problems: Finding[] } {
  if (!isObject(json)) {
    return { problems: [problem('JSON-TYPE', 'The document must be a JSON object', '')] };
  }
  const keys = Object.keys(json);
  const root = keys[0];
  const type = root === undefined ? undefined : rootType(root);
  if (keys.length !== 1 || root === undefined || type === undefined) {
    return {
      problems: [
        problem(
          'JSON-ROOT',
          `The document must have one key, its document type (${UBL_ROOTS.join(', ')}); found ${keys.length === 0 ? 'none' : keys.map((key) => `"${key}"`).join(', ')}`,
          '',
        ),
      ],
    };
  }
  const value = json[root];
  const writer = new Writer();
  const rootValue =
    isObject(value) && value.$ns === undefined
      ? { $ns: defaultDeclarations(root, value), ...value }
      : value;
  if (!isObject(rootValue)) {
    return { problems: [problem('JSON-TYPE', `${root} must be an object`, root)] };
  }
  writer.aggregate(rootNamespace(root), root, type, rootValue, root, '');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${writer.result()}\n`;
  if (writer.needsCheck) {
    const check = parseUbl(xml);
    if (!check.document) {
      return {
        problems: [
          ...writer.problems,
          problem(
            'JSON-RAW-XML',
            `The raw XML or qualified attributes in the JSON do not make a well-formed document: ${check.findings[0]?.message ?? ''}`,
            root,
          ),
        ],
      };
    }
  }
  return { xml, problems: writer.problems };
}
