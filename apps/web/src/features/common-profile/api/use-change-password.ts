import type { PasswordChangeRequest } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * The form sends what the user typed without checking it first (spec 5: the server decides),
 * so the rules live in one place, the API.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      apiFetch<void>('common', '/users/me/password', { method: 'PUT', json: body }),
  });
}
