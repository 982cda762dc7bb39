import type { CurrentUser } from '@live-market/contract/auth';
import { useCurrentUser } from '../api/get-current-user';

export type AuthState = { user: CurrentUser | null; isLoading: boolean; isAuthenticated: boolean };

export function useAuth(): AuthState {
  const { data, isLoading } = useCurrentUser();
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
