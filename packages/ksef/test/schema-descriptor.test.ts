import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FORMS } from '../src/codec/descriptor.ts';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the form descriptor', () => {
  it('is what the generator makes from the official XSDs in schemas/', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'ksef-descriptor-'));
    try {
      const output = path.join(directory, 'descriptor.generated.ts');
      execFileSync('npx', ['tsx', 'scripts/generate-descriptor.ts', output], {
        cwd: packageRoot,
        stdio: 'ignore',
      });
      expect(readFileSync(output, 'utf8')).toBe(
        readFileSync(path.join(packageRoot, 'src/codec/descriptor.generated.ts'), 'utf8'),
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('knows the repeating, optional and attribute-carrying elements of FA(3)', () => {
    const fa = new Map(FORMS['FA(3)'].types['Faktura/Fa']?.map((child) => [child.name, child]));
    expect(fa.get('FaWiersz')).toMatchObject({ many: true, optional: true });
    expect(fa.get('P_2')?.optional).toBeUndefined();
    expect(fa.get('P_2')?.many).toBeUndefined();
    const naglowek = FORMS['FA(3)'].types.TNaglowek ?? [];
    expect(naglowek.find((child) => child.name === 'KodFormularza')?.attributes).toEqual([
      'kodSystemowy',
      'wersjaSchemy',
    ]);
  });
});
