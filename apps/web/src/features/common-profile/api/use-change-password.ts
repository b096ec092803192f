import type { PasswordChangeRequest, PasswordChangeResponse } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { renewToken } from '../../../lib/auth';

/**
 * The form sends what the user typed without checking it first (spec 5: the server decides),
 * so the rules live in one place, the API. A new password ends every token issued before it,
 * this session's included: the answer carries a fresh token, which replaces the stored one so
 * the user stays signed in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      apiFetch<PasswordChangeResponse>('common', '/users/me/password', {
        method: 'PUT',
        json: body,
      }),
    onSuccess: ({ token }) => {
      renewToken(token);
    },
  });
}
