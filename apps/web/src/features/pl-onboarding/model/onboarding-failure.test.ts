import { PL_LEGAL_ENTITY_MESSAGES } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/hydra';
import { failureOf } from './onboarding-failure';

const refusal = (detail: string, violations: ApiError['violations'] = [], status = 422) =>
  new ApiError(
    status,
    { type: '/errors/422', title: 'An error occurred', status, detail },
    violations,
  );

describe('failureOf (spec 8)', () => {
  it('words a refusal by its code, or by the API’s sentence for it', () => {
    expect(
      failureOf(
        refusal('signedFile: whatever', [
          { propertyPath: 'signedFile', message: 'whatever', code: 'identifier_mismatch' },
        ]),
      ),
    ).toEqual({ kind: 'known', code: 'identifier_mismatch' });
    expect(failureOf(refusal(PL_LEGAL_ENTITY_MESSAGES.flow_expired))).toEqual({
      kind: 'known',
      code: 'flow_expired',
    });
  });

  it('keeps KSeF’s reason beside the refusal’s own words', () => {
    expect(
      failureOf(
        refusal('KSeF refused the signed file: 21115 Nieprawidłowy certyfikat', [
          {
            propertyPath: 'signedFile',
            message: PL_LEGAL_ENTITY_MESSAGES.signed_file_invalid,
            code: 'signed_file_invalid',
          },
        ]),
      ),
    ).toEqual({
      kind: 'known',
      code: 'signed_file_invalid',
      reason: 'KSeF refused the signed file: 21115 Nieprawidłowy certyfikat',
    });
    expect(
      failureOf(
        refusal(`identifier: ${PL_LEGAL_ENTITY_MESSAGES.identifier_mismatch}`, [
          {
            propertyPath: 'identifier',
            message: PL_LEGAL_ENTITY_MESSAGES.identifier_mismatch,
            code: 'identifier_mismatch',
          },
        ]),
      ),
    ).toEqual({ kind: 'known', code: 'identifier_mismatch' });
  });

  it('shows an unknown refusal as the server wrote it', () => {
    expect(failureOf(refusal('KSeF: the signature’s certificate is revoked.'))).toEqual({
      kind: 'detail',
      text: 'KSeF: the signature’s certificate is revoked.',
    });
    expect(
      failureOf(
        refusal('x: The file is not XAdES.', [
          { propertyPath: 'x', message: 'The file is not XAdES.' },
        ]),
      ),
    ).toEqual({ kind: 'detail', text: 'The file is not XAdES.' });
  });

  it('falls back on the generic message for a server failure or a network error', () => {
    expect(failureOf(refusal('stack trace', [], 500))).toEqual({ kind: 'generic' });
    expect(failureOf(new Error('offline'))).toEqual({ kind: 'generic' });
    expect(failureOf(refusal(''))).toEqual({ kind: 'generic' });
  });
});
