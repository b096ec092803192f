import type { Profile, ProfileUpdateRequest } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profileQueries } from './profile-queries';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) =>
      apiFetch<Profile>('common', '/users/me/profile', { method: 'PUT', json: body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueries.detail().queryKey, profile);
      return queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}
