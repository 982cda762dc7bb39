import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@live-market/contract/auth';
import { getJson } from '@/lib/api-client';

export const CURRENT_USER_URL = '/api/auth/user';

/** The signed-in user, or null when the server answers 401 (signed out). */
export function getCurrentUser(): Promise<CurrentUser | null> {
  return getJson<CurrentUser>(CURRENT_USER_URL, { on401: 'returnNull' });
}

export function getCurrentUserQueryOptions() {
  return queryOptions({ queryKey: [CURRENT_USER_URL], queryFn: getCurrentUser });
}

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
