import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, ProfilePatchBody } from '@live-market/contract/auth';
import { apiRequest } from '@/lib/api-client';

export const UPDATE_PROFILE_URL = '/api/auth/profile';

export async function updateProfile(body: ProfilePatchBody): Promise<CurrentUser> {
  const res = await apiRequest('PATCH', UPDATE_PROFILE_URL, body);
  return (await res.json()) as CurrentUser;
}

type UseUpdateProfileOptions = {
  onSuccess?: (user: CurrentUser) => void | Promise<void>;
  onError?: (error: Error) => void;
};

export function useUpdateProfile({ onSuccess, onError }: UseUpdateProfileOptions = {}) {
  return useMutation({ mutationFn: updateProfile, onSuccess, onError });
}
