import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/hydra';
import { codeRefusalOf, lacksRecipientEmail } from './access-code';

const problem = { type: '/errors/422', title: 'An error occurred', status: 422, detail: '' };

describe('access code refusals', () => {
  it('reads why the API refused the typed code', () => {
    const refused = (code: string) =>
      new ApiError(422, problem, [{ propertyPath: 'accessCode', message: 'x', code }]);
    expect(codeRefusalOf(refused('access_code_expired'))).toBe('access_code_expired');
    expect(codeRefusalOf(refused('too_many_tries'))).toBe('too_many_tries');
    expect(codeRefusalOf(refused('something_new'))).toBe('invalid_access_code');
    expect(codeRefusalOf(new ApiError(500, { ...problem, status: 500 }))).toBeNull();
    expect(codeRefusalOf(new Error('offline'))).toBeNull();
  });

  it('knows when the invoice names no buyer’s e-mail', () => {
    const error = new ApiError(422, problem, [
      { propertyPath: '', message: 'x', code: 'no_recipient_email' },
    ]);
    expect(lacksRecipientEmail(error)).toBe(true);
    expect(lacksRecipientEmail(new ApiError(404, { ...problem, status: 404 }))).toBe(false);
  });
});
