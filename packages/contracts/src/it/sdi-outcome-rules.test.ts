import { describe, expect, it } from 'vitest';
import type { ScriptableSdiOutcome, SdiExchangeState } from './sdi-outcome-rules.ts';
import {
  describeSdiOutcomeRefusal,
  scriptableSdiOutcomes,
  sdiOutcomeRefusal,
} from './sdi-outcome-rules.ts';

/** The outcomes SDI could send now, in the order of `scriptableSdiOutcomes`. */
function possible(state: SdiExchangeState): ScriptableSdiOutcome[] {
  return scriptableSdiOutcomes.filter((type) => !sdiOutcomeRefusal(type, state));
}

const b2b = (marking: string, ...messages: string[]) => ({ marking, format: 'FPR12', messages });
const pa = (marking: string, ...messages: string[]) => ({ marking, format: 'FPA12', messages });

describe("SDI's order of outcomes", () => {
  it('before SDI has the file: its first answer or a transport failure', () => {
    expect(possible(b2b('waiting'))).toEqual(['NS', 'MC', 'RC', 'transport-failure']);
    expect(possible(b2b('quarantena'))).toEqual(['NS', 'MC', 'RC', 'transport-failure']);
  });

  it('while SDI holds the file (sent): RC, MC or NS, and nothing of the later steps', () => {
    expect(possible(b2b('sent'))).toEqual(['NS', 'MC', 'RC']);
    expect(possible(pa('sent'))).toEqual(['NS', 'MC', 'RC']);
    expect(sdiOutcomeRefusal('AT', pa('sent'))).toEqual({
      reason: 'before-first-answer',
      needs: 'MC',
    });
    expect(sdiOutcomeRefusal('NE', pa('sent'))).toEqual({
      reason: 'before-first-answer',
      needs: 'RC',
    });
  });

  it('never an NS after an RC or an MC: SDI answers a file once', () => {
    for (const state of [
      b2b('delivered', 'RC'),
      b2b('not-delivered', 'MC'),
      pa('delivered-pa', 'RC'),
      pa('not-delivered', 'MC'),
    ]) {
      expect(sdiOutcomeRefusal('NS', state)).toEqual({
        reason: 'checks-over',
        after: state.messages[0],
      });
    }
    expect(describeSdiOutcomeRefusal('NS', { reason: 'checks-over', after: 'RC' })).toMatch(
      /already answered the file with RC/,
    );
  });

  it('nothing follows a B2B RC or MC', () => {
    expect(possible(b2b('delivered', 'RC'))).toEqual([]);
    expect(possible(b2b('not-delivered', 'MC'))).toEqual([]);
    expect(sdiOutcomeRefusal('AT', b2b('delivered', 'RC'))).toEqual({ reason: 'not-pa' });
    expect(describeSdiOutcomeRefusal('AT', { reason: 'not-pa' })).toMatch(/public administration/);
  });

  it("a public administration: its outcome or the terms' end after RC; a later RC or AT after MC", () => {
    expect(possible(pa('delivered-pa', 'RC'))).toEqual(['NE', 'DT']);
    expect(possible(pa('not-delivered', 'MC'))).toEqual(['AT', 'RC']);
    expect(possible(pa('delivered-pa', 'MC', 'RC'))).toEqual(['NE', 'DT']);
  });

  it('nothing follows an NS, NE, DT or AT', () => {
    expect(possible(b2b('rejected', 'NS'))).toEqual([]);
    expect(possible(pa('accepted-pa', 'RC', 'NE'))).toEqual([]);
    expect(possible(pa('deadline-terms', 'RC', 'DT'))).toEqual([]);
    expect(possible(pa('not-delivered', 'MC', 'AT'))).toEqual([]);
    expect(sdiOutcomeRefusal('RC', pa('accepted-pa', 'RC', 'NE'))).toEqual({
      reason: 'after-final',
      after: 'NE',
    });
  });

  it('nothing for a draft or a transmission given up', () => {
    expect(possible(b2b('draft'))).toEqual([]);
    expect(possible(b2b('draft-blocked'))).toEqual([]);
    expect(possible(b2b('invoice-error'))).toEqual([]);
    expect(sdiOutcomeRefusal('NS', b2b('invoice-error'))).toEqual({ reason: 'not-transmitted' });
  });

  it('words every refusal in English for the API', () => {
    const states = [
      b2b('draft'),
      b2b('invoice-error'),
      b2b('sent'),
      b2b('delivered', 'RC'),
      pa('sent'),
      pa('delivered-pa', 'RC'),
      pa('not-delivered', 'MC'),
      pa('rejected', 'NS'),
    ];
    for (const state of states) {
      for (const type of scriptableSdiOutcomes) {
        const refusal = sdiOutcomeRefusal(type, state);
        if (refusal) expect(describeSdiOutcomeRefusal(type, refusal)).toMatch(/\w{3}/);
      }
    }
  });
});
