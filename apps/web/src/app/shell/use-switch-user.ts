/**
 * Impersonation (spec 2.3, 6): an administrator acts as another user by sending `X-Switch-User`.
 * Switching first asks `GET /users/me` as that user, so an unknown user or a refused switch is
 * reported in the dialog instead of breaking every later call.
 */
import type { MeResponse } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch, switchUserHeader } from '../../lib/api-client';
import { isRolesMap, startImpersonation, stopImpersonation } from '../../lib/auth';
import { ApiError } from '../../lib/hydra';

export function useSwitchUser() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (username: string) => {
      const me = await apiFetch<MeResponse>('common', '/users/me', {
        headers: { [switchUserHeader]: username, Accept: 'application/json' },
      });
      if (!isRolesMap(me.roles)) {
        throw new ApiError(0, {
          type: 'about:blank',
          title: 'Bad response',
          status: 0,
          detail: '',
        });
      }
      return me;
    },
    onSuccess: async (me) => {
      startImpersonation({ username: me.email, roles: me.roles });
      await navigate('/dashboard');
    },
  });
}

export function useExitSwitch(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    stopImpersonation();
    void navigate('/dashboard');
  }, [navigate]);
}
