import type { SubAccountChangePasswordRequest } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { subAccountPath } from './sub-account-queries';

/** Sets a sub-account's password; nothing cached shows the password, so nothing to invalidate. */
export function useChangeSubAccountPassword() {
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: SubAccountChangePasswordRequest }) =>
      apiFetch<void>('common', `${subAccountPath(email)}/change-password`, {
        method: 'PUT',
        json: body,
      }),
  });
}
