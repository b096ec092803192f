import { makeFinding, type KsefFinding } from '../findings.ts';
import {
  childrenOf,
  FORMS,
  formOfNamespace,
  type ChildDescriptor,
  type KsefForm,
} from './descriptor.ts';
import { VALUE_KEY } from './ksef-json.ts';

const FORM_OF_SYSTEM_CODE: Record<string, KsefForm> = {
  'FA (3)': 'FA(3)',
  'FA (2)': 'FA(2)',
  'FA_RR (1)': 'FA_RR(1)',
};
const ncName = /^[A-Z_a-z][\w.-]*$/;

function problem(code: string, path: string, message: string, messagePl: string): KsefFinding {
  return makeFinding('schema', code, path, message, messagePl);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeText(text: string): string {
  let out = '';
  for (const character of text) {
    if (character === '&') out += '&amp;';
    else if (character === '<') out += '&lt;';
    else if (character === '>') out += '&gt;';
    else if (character === '\r') out += '&#13;';
    else out += character;
  }
  return out;
}

function escapeAttribute(text: string): string {
  let out = '';
  for (const character of text) {
    if (character === '"') out += '&quot;';
    else if (character === '\n') out += '&#10;';
    else if (character === '\t') out += '&#9;';
    else out += escapeText(character);
  }
  return out;
}

class Writer {
  readonly lines: string[] = [];
  readonly problems: KsefFinding[] = [];
  constructor(
    readonly form: KsefForm,
    readonly prefix: string,
  ) {}

  tag(name: string): string {
    return this.prefix ? `${this.prefix}:${name}` : name;
  }

  attributes(value: Record<string, unknown>, names: readonly string[], path: string): string {
    let out = '';
    for (const name of names) {
      const attribute = value[name];
      if (attribute === undefined) continue;
      if (typeof attribute !== 'string') {
        this.notString(`${path}.${name}`);
        continue;
      }
      out += ` ${name}="${escapeAttribute(attribute)}"`;
    }
    return out;
  }

  notString(path: string): void {
    this.problems.push(
      problem(
        'json-not-string',
        path,
        'A value must be a string (text as in the XML)',
        'Wartość musi być tekstem (jak w XML)',
      ),
    );
  }

  unknownKeys(value: Record<string, unknown>, known: Set<string>, path: string): void {
    for (const key of Object.keys(value)) {
      if (key.startsWith('$') || known.has(key)) continue;
      this.problems.push(
        problem(
          'json-unknown-key',
          `${path}.${key}`,
          `"${key.slice(0, 60)}" is no element or attribute of ${this.form} here`,
          `"${key.slice(0, 60)}" nie jest elementem ani atrybutem ${this.form} w tym miejscu`,
        ),
      );
    }
  }

  element(child: ChildDescriptor, value: unknown, path: string, indent: string, head = ''): void {
    const open = `${indent}<${this.tag(child.name)}${head}`;
    const attributeNames = child.attributes ?? [];
    if (child.type) {
      if (!isObject(value)) {
        this.problems.push(
          problem('json-not-object', path, 'An object is expected here', 'Oczekiwano obiektu'),
        );
        return;
      }
      const children = childrenOf(this.form, child.type);
      this.unknownKeys(value, new Set([...attributeNames, ...children.keys()]), path);
      const start = `${open}${this.attributes(value, attributeNames, path)}`;
      const mark = this.lines.length;
      this.lines.push(`${start}>`);
      for (const grandchild of children.values()) {
        this.write(grandchild, value[grandchild.name], `${path}.${grandchild.name}`, `${indent}  `);
      }
      if (this.lines.length === mark + 1) this.lines[mark] = `${start}/>`;
      else this.lines.push(`${indent}</${this.tag(child.name)}>`);
      return;
    }
    let text: unknown = value;
    let attributes = '';
    if (isObject(value) && attributeNames.length > 0) {
      this.unknownKeys(value, new Set([...attributeNames, VALUE_KEY]), path);
      attributes = this.attributes(value, attributeNames, path);
      text = value[VALUE_KEY] ?? '';
    }
    if (typeof text !== 'string') {
      this.notString(path);
      return;
    }
    this.lines.push(`${open}${attributes}>${escapeText(text)}</${this.tag(child.name)}>`);
  }

  write(child: ChildDescriptor, value: unknown, path: string, indent: string): void {
    if (value === undefined) return;
    if (!child.many) {
      this.element(child, value, path, indent);
      return;
    }
    if (!Array.isArray(value)) {
      this.problems.push(
        problem(
          'json-not-array',
          path,
          `${child.name} may repeat: it must be an array`,
          `${child.name} może się powtarzać: musi być tablicą`,
        ),
      );
      return;
    }
    value.forEach((item, index) => this.element(child, item, `${path}[${index}]`, indent));
  }
}

function formOf(root: Record<string, unknown>, prefix: string): KsefForm | undefined {
  const naglowek = root.Naglowek;
  const kod = isObject(naglowek) ? naglowek.KodFormularza : undefined;
  const system = isObject(kod) ? kod.kodSystemowy : undefined;
  if (typeof system === 'string' && system in FORM_OF_SYSTEM_CODE) {
    return FORM_OF_SYSTEM_CODE[system];
  }
  const namespaces = root.$xmlns;
  const namespace = isObject(namespaces) ? namespaces[prefix] : undefined;
  return typeof namespace === 'string' ? formOfNamespace(namespace) : undefined;
}

/**
 * The XML of a KSeF invoice given as JSON (the shape of `ksefToJson`), elements in schema order.
 * Keys that are no element or attribute of the form, non-string values, repeating elements
 * given otherwise than as arrays are `problems`; `xml` is given only when there are none.
 */
export function jsonToKsef(json: unknown): { xml?: string; problems: KsefFinding[] } {
  const keys = isObject(json) ? Object.keys(json).filter((key) => !key.startsWith('$')) : [];
  const root = isObject(json) ? json.Faktura : undefined;
  if (!isObject(root) || keys.length !== 1) {
    return {
      problems: [
        problem(
          'json-root',
          '',
          'The JSON must be an object with the one key Faktura holding the invoice',
          'JSON musi być obiektem z jednym kluczem Faktura zawierającym fakturę',
        ),
      ],
    };
  }
  const declared = root.$prefix;
  const prefix = typeof declared === 'string' && ncName.test(declared) ? declared : '';
  const form = formOf(root, prefix);
  if (!form) {
    return {
      problems: [
        problem(
          'json-form',
          'Faktura.Naglowek.KodFormularza.kodSystemowy',
          'The form is unknown: kodSystemowy must be "FA (3)", "FA (2)" or "FA_RR (1)"',
          'Nieznany formularz: kodSystemowy musi mieć wartość "FA (3)", "FA (2)" lub "FA_RR (1)"',
        ),
      ],
    };
  }
  const namespace = FORMS[form].namespace;
  let head = ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${namespace}"`;
  const declarations = isObject(root.$xmlns) ? root.$xmlns : {};
  for (const [name, uri] of Object.entries(declarations)) {
    if (name === prefix || typeof uri !== 'string' || (name !== '' && !ncName.test(name))) continue;
    head += ` ${name ? `xmlns:${name}` : 'xmlns'}="${escapeAttribute(uri)}"`;
  }
  const foreign = isObject(root.$attributes) ? root.$attributes : {};
  for (const [name, value] of Object.entries(foreign)) {
    const [attributePrefix, local, rest] = name.split(':');
    if (rest !== undefined || !attributePrefix || !local || typeof value !== 'string') continue;
    if (!ncName.test(attributePrefix) || !ncName.test(local) || !(attributePrefix in declarations))
      continue;
    head += ` ${name}="${escapeAttribute(value)}"`;
  }
  const writer = new Writer(form, prefix);
  writer.element({ name: FORMS[form].root, type: FORMS[form].root }, root, 'Faktura', '', head);
  if (writer.problems.length > 0) return { problems: writer.problems };
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n${writer.lines.join('\n')}\n`,
    problems: [],
  };
}
