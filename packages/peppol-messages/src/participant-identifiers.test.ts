import { describe, expect, it } from 'vitest';
import schemes from './codelists/participant-identifier-schemes-v9.7.json' with { type: 'json' };
import {
  checkParticipantId,
  participantScheme,
  PARTICIPANT_SCHEMES_VERSION,
  sameParticipant,
} from './participant-identifiers.ts';

const problem = (id: string) => {
  const check = checkParticipantId(id);
  return check.ok ? 'ok' : check.problem;
};

describe('Peppol participant identifiers', () => {
  it('follow the official code list v9.7: 105 schemes, each in its state', () => {
    expect(PARTICIPANT_SCHEMES_VERSION).toBe('9.7');
    expect(participantScheme('0208')).toMatchObject({ schemeId: 'BE:EN', state: 'active' });
    expect(participantScheme('0211')).toMatchObject({ schemeId: 'IT:IVA', state: 'active' });
    expect(participantScheme('9906')).toMatchObject({ schemeId: 'IT:VAT', state: 'removed' });
    expect(participantScheme('9999')).toBeUndefined();
  });

  it('accepts the examples the code list gives for its active schemes', () => {
    // The list's own examples: a real document beats a made-up one. 9909's example lacks the NO
    // prefix its own pattern asks, and 0151's is written in groups: left out, as the list is.
    const known = new Set(['9909', '0151', '0209', '0204']);
    const examples = (
      schemes.values as { iso6523: string; state: string; examples?: string }[]
    ).flatMap((entry) =>
      entry.state === 'active' && entry.examples && !known.has(entry.iso6523)
        ? entry.examples
            .split('\n')
            .map((example) => example.trim())
            .filter((example) => example !== '' && !example.includes(' '))
            .map((example) => `${entry.iso6523}:${example}`)
        : [],
    );
    expect(examples.length).toBeGreaterThan(10);
    const refused = examples.filter((id) => !checkParticipantId(id).ok);
    expect(refused).toEqual([]);
  });

  it('checks the Belgian enterprise number and VAT number by mod 97', () => {
    // Proximus: enterprise number 0202.239.951, VAT BE0202239951.
    expect(problem('0208:0202239951')).toBe('ok');
    expect(problem('iso6523-actorid-upis::0208:0202239951')).toBe('ok');
    expect(problem('0208:0202239952')).toBe('check_digit');
    expect(problem('0208:2202239951')).toBe('pattern');
    expect(problem('9925:BE0202239951')).toBe('ok');
    expect(problem('9925:be0202239951')).toBe('ok');
    expect(problem('9925:BE0202239950')).toBe('check_digit');
  });

  it('checks the Italian partita IVA and codice fiscale, and refuses the removed 9906 and 9907', () => {
    // The Agenzia delle Entrate's own VAT number (the code list's example for 9906).
    expect(problem('0211:IT06363391001')).toBe('ok');
    expect(problem('0211:IT06363391002')).toBe('check_digit');
    expect(problem('0211:06363391001')).toBe('pattern');
    expect(problem('0210:RSSMRA80A01H501U')).toBe('ok');
    expect(problem('0210:RSSMRA80A01H501A')).toBe('check_digit');
    expect(problem('9906:IT06363391001')).toBe('removed_scheme');
    expect(problem('9907:RSSBBR69C48F839A')).toBe('removed_scheme');
  });

  it('checks GLN, the Swedish and the Norwegian organisation numbers', () => {
    expect(problem('0088:1548079098355')).toBe('ok');
    expect(problem('0088:1548079098356')).toBe('check_digit');
    expect(problem('0007:2120000787')).toBe('ok');
    expect(problem('0007:2120000788')).toBe('check_digit');
    expect(problem('0192:745707327')).toBe('ok');
    expect(problem('0192:745707328')).toBe('check_digit');
  });

  it('refuses what is not an identifier', () => {
    for (const [id, expected] of [
      ['', 'malformed'],
      ['0208', 'malformed'],
      ['0208:', 'malformed'],
      ['208:0202239951', 'malformed'],
      ['0208:0202 239951', 'malformed'],
      ['0208:020223\u00009951', 'malformed'],
      ['1234:abc', 'unknown_scheme'],
      [`0088:${'1'.repeat(60)}`, 'too_long'],
    ] as const) {
      expect(problem(id), JSON.stringify(id)).toBe(expected);
    }
  });

  it('compares values without case (POLICY 2)', () => {
    expect(sameParticipant('9925:BE0202239951', '9925:be0202239951')).toBe(true);
    expect(sameParticipant('0208:0202239951', '9925:BE0202239951')).toBe(false);
  });
});
