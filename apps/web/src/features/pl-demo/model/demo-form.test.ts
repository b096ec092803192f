import { plDemoGenerateSchema } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  countProblem,
  generateProblems,
  MAX_INVOICE_COUNT,
  nipProblem,
  startProblems,
} from './demo-form';

describe('Polish demo inputs', () => {
  it('asks Generate for all three fields and Start for NIP 1 only', () => {
    const empty = { nip1: '', nip2: '', count: '' };
    expect(generateProblems(empty)).toEqual({
      nip1: 'required',
      nip2: 'required',
      count: 'required',
    });
    expect(startProblems(empty)).toEqual({ nip1: 'required' });
    expect(startProblems({ ...empty, nip1: '526-025-02-74' })).toEqual({});
  });

  it('takes a NIP of ten digits and a count the API accepts', () => {
    expect(nipProblem('526 025 02 74')).toBeNull();
    expect(nipProblem('52602502')).toBe('nip');
    expect(countProblem('0')).toBe('count');
    expect(countProblem('2.5')).toBe('count');
    expect(countProblem(String(MAX_INVOICE_COUNT))).toBeNull();
    expect(countProblem(String(MAX_INVOICE_COUNT + 1))).toBe('count');
    expect(
      plDemoGenerateSchema.safeParse({ nip1: '5260250274', nip2: '5213017228', invoiceCount: 101 })
        .success,
    ).toBe(false);
  });

  it('turns the base64 UPO into its bytes, untouched', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0xc5, 0x81, 0x00, 0xff]);
    const base64 = btoa(String.fromCharCode(...bytes));
    expect(base64Bytes(base64)).toEqual(bytes);
    expect(base64Bytes(`${base64.slice(0, 4)}\n${base64.slice(4)}`)).toEqual(bytes);
  });
});
