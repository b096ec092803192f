/**
 * A small namespace-aware XML reader for TRUSTED files (the schematron sources the generator
 * reads, and test fixtures): text → the one parsed tree. No DTD, no external entities; it is not
 * the document parser of the package (untrusted input goes through src/xml, libxml2).
 */
import {
  numberDocumentOrder,
  type XAttribute,
  type XDocument,
  type XElement,
} from '../tree/node.ts';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const amp = text.indexOf('&', i);
    if (amp < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, amp);
    const semi = text.indexOf(';', amp);
    if (semi < 0) throw new Error(`unterminated entity reference at ${amp}`);
    const name = text.slice(amp + 1, semi);
    if (name === 'lt') out += '<';
    else if (name === 'gt') out += '>';
    else if (name === 'amp') out += '&';
    else if (name === 'quot') out += '"';
    else if (name === 'apos') out += "'";
    else if (name.startsWith('#x')) out += String.fromCodePoint(parseInt(name.slice(2), 16));
    else if (name.startsWith('#')) out += String.fromCodePoint(parseInt(name.slice(1), 10));
    else throw new Error(`unknown entity &${name};`);
    i = semi + 1;
  }
  return out;
}

/** Attribute values: entities decoded and literal whitespace normalized to spaces. */
function attributeValue(raw: string): string {
  let normalized = '';
  for (const ch of raw) normalized += ch === '\n' || ch === '\r' || ch === '\t' ? ' ' : ch;
  return decodeEntities(normalized);
}

const isNameChar = (c: string): boolean =>
  !(c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '/' || c === '>' || c === '=');

export function readXml(text: string): XDocument {
  const source = text.replace(/\r\n?/gu, '\n');
  const document: XDocument = { kind: 'document', order: 0, root: undefined, children: [] };
  type Frame = { element: XElement | undefined; scope: Map<string, string> };
  const stack: Frame[] = [{ element: undefined, scope: new Map([['xml', XML_NS]]) }];
  let i = 0;
  let line = 1;
  const n = source.length;
  const countLines = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (source.charCodeAt(k) === 10) line++;
  };
  const appendText = (value: string): void => {
    const parent = stack[stack.length - 1]!.element;
    if (!parent || value === '') return;
    const last = parent.children[parent.children.length - 1];
    if (last && last.kind === 'text') last.value += value;
    else parent.children.push({ kind: 'text', order: 0, value, parent });
  };
  while (i < n) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      appendText(decodeEntities(source.slice(i)));
      break;
    }
    if (lt > i) {
      appendText(decodeEntities(source.slice(i, lt)));
      countLines(i, lt);
    }
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt);
      if (end < 0) throw new Error('unterminated comment');
      countLines(lt, end);
      i = end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end < 0) throw new Error('unterminated CDATA section');
      appendText(source.slice(lt + 9, end));
      countLines(lt, end);
      i = end + 3;
      continue;
    }
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt);
      if (end < 0) throw new Error('unterminated processing instruction');
      countLines(lt, end);
      i = end + 2;
      continue;
    }
    if (source.startsWith('<!', lt)) throw new Error('DOCTYPE is not supported');
    if (source[lt + 1] === '/') {
      const end = source.indexOf('>', lt);
      const name = source.slice(lt + 2, end).trim();
      const frame = stack.pop()!;
      const element = frame.element;
      if (
        !element ||
        (element.prefix ? `${element.prefix}:${element.local}` : element.local) !== name
      ) {
        throw new Error(`mismatched end tag </${name}> on line ${line}`);
      }
      i = end + 1;
      continue;
    }
    // Start tag.
    let j = lt + 1;
    while (j < n && isNameChar(source[j]!)) j++;
    const qname = source.slice(lt + 1, j);
    const rawAttributes: Array<[string, string]> = [];
    for (;;) {
      while (j < n && /\s/u.test(source[j]!)) j++;
      if (source[j] === '>' || source.startsWith('/>', j)) break;
      const nameStart = j;
      while (j < n && isNameChar(source[j]!)) j++;
      const name = source.slice(nameStart, j);
      while (j < n && /\s/u.test(source[j]!)) j++;
      if (source[j] !== '=') throw new Error(`expected = after attribute ${name} on line ${line}`);
      j++;
      while (j < n && /\s/u.test(source[j]!)) j++;
      const quote = source[j];
      if (quote !== '"' && quote !== "'")
        throw new Error(`expected a quoted value for ${name} on line ${line}`);
      const end = source.indexOf(quote, j + 1);
      if (end < 0) throw new Error('unterminated attribute value');
      rawAttributes.push([name, attributeValue(source.slice(j + 1, end))]);
      j = end + 1;
    }
    const selfClosing = source[j] === '/';
    const tagEnd = selfClosing ? j + 2 : j + 1;
    const parentFrame = stack[stack.length - 1]!;
    const scope = new Map(parentFrame.scope);
    const nsDecls: Array<[string, string]> = [];
    for (const [name, value] of rawAttributes) {
      if (name === 'xmlns') {
        scope.set('', value);
        nsDecls.push(['', value]);
      } else if (name.startsWith('xmlns:')) {
        scope.set(name.slice(6), value);
        nsDecls.push([name.slice(6), value]);
      }
    }
    const colon = qname.indexOf(':');
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    const ns = scope.get(prefix) ?? '';
    if (prefix && !scope.has(prefix))
      throw new Error(`undeclared prefix ${prefix} on line ${line}`);
    const parent = parentFrame.element ?? document;
    const element: XElement = {
      kind: 'element',
      order: 0,
      ns,
      local,
      prefix,
      attrs: [],
      children: [],
      parent,
      line,
    };
    if (nsDecls.length) element.nsDecls = nsDecls;
    for (const [name, value] of rawAttributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const c = name.indexOf(':');
      const attributePrefix = c < 0 ? '' : name.slice(0, c);
      const attribute: XAttribute = {
        kind: 'attribute',
        order: 0,
        ns: attributePrefix ? (scope.get(attributePrefix) ?? '') : '',
        local: c < 0 ? name : name.slice(c + 1),
        prefix: attributePrefix,
        value,
        parent: element,
      };
      element.attrs.push(attribute);
    }
    if (parentFrame.element) parentFrame.element.children.push(element);
    else {
      if (document.root) throw new Error('more than one document element');
      document.root = element;
      document.children.push(element);
    }
    countLines(lt, tagEnd);
    if (!selfClosing) stack.push({ element, scope });
    i = tagEnd;
  }
  if (stack.length !== 1) throw new Error('unclosed elements at end of input');
  if (!document.root) throw new Error('no document element');
  numberDocumentOrder(document);
  return document;
}
