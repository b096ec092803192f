import type { AskResetPasswordRequest, ResetPasswordRequest } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Always 204 (the API never tells whether the email exists). */
export function useAskResetPassword() {
  return useMutation({
    mutationFn: (body: AskResetPasswordRequest) =>
      apiFetch<void>('common', '/ask-reset-password', { json: body, auth: false }),
  });
}

/** 204, 422 violations, or 400 problem for an unknown, used or expired token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiFetch<void>('common', '/reset-password', { json: body, auth: false }),
  });
}
