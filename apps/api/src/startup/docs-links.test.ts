/**
 * First run: the README and the documentation it links stand on their own in a clone. Every
 * relative link of README.md and docs/*.md must lead to a file inside the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The relative targets of a document's markdown links and backticked `../` paths. */
function relativeTargets(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^()\s]+)\)/g)].map((match) => match[1] ?? '');
  const quoted = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((match) => match[1] ?? '');
  return [...links, ...quoted]
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] ?? '');
}

describe('the documentation of a clone', () => {
  it.each(documents)('%s links only files inside the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    for (const target of relativeTargets(text)) {
      const path = resolve(root, dirname(document), target);
      expect(relative(root, path).startsWith('..'), `${document} → ${target}`).toBe(false);
      expect(existsSync(path), `${document} → ${target}`).toBe(true);
    }
  });

  it('has the architecture and the spec summary in docs/', () => {
    expect(documents).toEqual(
      expect.arrayContaining(['docs/architecture.md', 'docs/spec-summary.md']),
    );
  });
});
