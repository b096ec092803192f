import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { XChild, XDocument, XElement } from '../../src/tree/node.ts';

/** The repository root (`/work/main`); `shared/` is cloned beside it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const peppolSpec = path.resolve(repoRoot, '../shared/spec/peppol');

/**
 * The files under `directory`, as paths in bytes: some AGID file names are not UTF-8, and a path
 * read as a string could not be opened again.
 */
export function listFiles(directory: Buffer): Buffer[] {
  return readdirSync(directory, { encoding: 'buffer' })
    .flatMap((name) => {
      const full = Buffer.concat([directory, Buffer.from(path.sep), name]);
      return statSync(full).isDirectory() ? listFiles(full) : [full];
    })
    .sort(Buffer.compare);
}

/** Every example and test document under shared/spec/peppol (the code lists are no documents). */
export function peppolDocuments(): Buffer[] {
  return listFiles(Buffer.from(peppolSpec)).filter((file) => {
    const name = file.toString('latin1');
    return name.endsWith('.xml') && !name.includes(`${path.sep}codelists${path.sep}`);
  });
}

/** The file's path from spec/peppol, for test names. */
export function specName(file: Buffer): string {
  return path.relative(peppolSpec, file.toString('utf8'));
}

function isBlank(text: string): boolean {
  return text.trim() === '' && !text.includes('\u00a0');
}

type Canonical = [name: string, attributes: string[], children: Array<Canonical | string>];

/**
 * A tree as the round trip must keep it: each element's expanded name and prefix, its
 * attributes (expanded names, prefixes and values, sorted), its text and child elements in
 * order; whitespace-only text beside child elements (indentation) is left out, adjacent text
 * joined.
 */
export function canonical(document: XDocument): Canonical | undefined {
  const element = (node: XElement): Canonical => {
    const attributes = node.attrs
      .map(
        (attribute) => `{${attribute.ns}}${attribute.prefix}:${attribute.local}=${attribute.value}`,
      )
      .sort();
    const hasElements = node.children.some((child) => child.kind === 'element');
    const children: Array<Canonical | string> = [];
    let text: string | undefined;
    const flush = (): void => {
      if (text !== undefined && !(hasElements && isBlank(text))) children.push(text);
      text = undefined;
    };
    for (const child of node.children as XChild[]) {
      if (child.kind === 'text') text = (text ?? '') + child.value;
      else {
        flush();
        children.push(element(child));
      }
    }
    flush();
    return [`{${node.ns}}${node.prefix}:${node.local}`, attributes, children];
  };
  return document.root ? element(document.root) : undefined;
}

/** The first place two canonical trees differ, as a path, or undefined when equal. */
export function firstDifference(
  a: Canonical | string | undefined,
  b: Canonical | string | undefined,
  at = '',
): string | undefined {
  if (typeof a === 'string' || typeof b === 'string' || !a || !b) {
    return a === b
      ? undefined
      : `${at}: ${JSON.stringify(a)?.slice(0, 120)} ≠ ${JSON.stringify(b)?.slice(0, 120)}`;
  }
  const here = `${at}/${a[0]}`;
  if (a[0] !== b[0]) return `${here}: element ${b[0]}`;
  if (a[1].join('\n') !== b[1].join('\n'))
    return `${here}: attributes ${a[1].join(' ')} ≠ ${b[1].join(' ')}`;
  const length = Math.max(a[2].length, b[2].length);
  for (let index = 0; index < length; index += 1) {
    const difference = firstDifference(a[2][index], b[2][index], `${here}[${index}]`);
    if (difference) return difference;
  }
  return undefined;
}

/** The same tree with each element's children sorted: equal when only their order differs. */
export function orderless(tree: Canonical | string | undefined): Canonical | string | undefined {
  if (typeof tree === 'string' || !tree) return tree;
  const children = tree[2]
    .map((child) => orderless(child)!)
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return [tree[0], tree[1], children];
}
