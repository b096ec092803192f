import { describe, expect, it } from 'vitest';
import { base32, participantHash, smlHostName } from './sml.ts';

describe('the SML DNS name of a participant', () => {
  it('hashes as the Peppol specifications’ own examples do', () => {
    // Policy for use of Identifiers 4.4, POLICY 7: the value is lower-cased before hashing.
    expect(participantHash('0088:123abc')).toBe(
      'y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq',
    );
    expect(participantHash('0088:123ABC')).toBe(participantHash('0088:123abc'));
    // The SML specification 1.3's example.
    expect(participantHash('0010:5798000000001')).toBe(
      'xukhfqabqziki3ykvr2fhr4snfa3pf5vpq6k4tonv3lmvsy5arvq',
    );
    expect(smlHostName('0088:123abc', 'sml.sandbox.test.')).toBe(
      'y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq.iso6523-actorid-upis.sml.sandbox.test',
    );
  });

  it('writes base32 as RFC 4648 does, without padding', () => {
    // RFC 4648 section 10 test vectors, lower case and unpadded.
    const encode = (text: string) => base32(new TextEncoder().encode(text));
    expect(encode('')).toBe('');
    expect(encode('f')).toBe('my');
    expect(encode('fo')).toBe('mzxq');
    expect(encode('foo')).toBe('mzxw6');
    expect(encode('foob')).toBe('mzxw6yq');
    expect(encode('fooba')).toBe('mzxw6ytb');
    expect(encode('foobar')).toBe('mzxw6ytboi');
  });
});
