/**
 * Single mutations of the samples (mutation-corpus.ts): formatting-only changes must give the
 * same verdict (no finding); each documented check broken once must give its finding.
 */
import { describe, expect, it } from 'vitest';
import { LATE_ACCEPTANCE } from './validate-corpus.ts';
import { breaking, cases, clean, formatting } from './mutation-corpus.ts';
import { validateKsef } from '../src/validate.ts';

describe('single mutations of the samples', () => {
  it('there are clean samples, and every mutation applies to at least one', () => {
    expect(clean.length).toBeGreaterThan(40);
    const applied = new Set([...cases(formatting), ...cases(breaking)].map(([name]) => name));
    expect(
      [...formatting, ...breaking]
        .map((mutation) => mutation.name)
        .filter((name) => !applied.has(name)),
    ).toEqual([]);
  });

  it.each(cases(formatting))(
    'formatting only, %s: %s keeps its verdict',
    (_name, _file, mutation, xml) => {
      const result = validateKsef(xml, { acceptedOn: LATE_ACCEPTANCE, ...mutation.options?.(xml) });
      expect(result.findings).toEqual([]);
      expect(result.valid).toBe(true);
    },
  );

  it.each(cases(breaking))('%s: %s', (_name, _file, mutation, xml) => {
    const result = validateKsef(xml, { acceptedOn: LATE_ACCEPTANCE, ...mutation.options?.(xml) });
    const expected = mutation.expect ?? { code: '' };
    const found = result.findings.filter((finding) => finding.code === expected.code);
    expect(found.length, JSON.stringify(result.findings)).toBeGreaterThan(0);
    if (expected.path) expect(found.map((finding) => finding.path)).toContain(expected.path);
    if (!expected.code.startsWith('schema')) {
      expect(result.findings.filter((finding) => finding.layer === 'schema')).toEqual([]);
    }
    expect(result.valid).toBe(expected.code.startsWith('advisory'));
  });
});
