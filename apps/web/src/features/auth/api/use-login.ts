import type { LoginRequest, LoginResponse } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { signIn } from '../../../lib/auth';
import { ApiError } from '../../../lib/hydra';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('common', '/login', { json: credentials, auth: false });
}

/** Logs in and stores the token; rejects with ApiError (401 = invalid credentials). */
export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const { token } = await login(credentials);
      if (!signIn(token)) {
        // The server answered 200 with a token we cannot use (malformed or already expired).
        throw new ApiError(0, {
          type: 'about:blank',
          title: 'Unusable token',
          status: 0,
          detail: '',
        });
      }
    },
  });
}
