import { useEffect } from 'react';
import { UNAUTHORIZED_REDIRECT_MS } from '@live-market/contract/constants';
import { isUnauthorizedError } from './api-client';
import { i18n } from './i18n';
import { toast } from './toast';

// Sign-in and sign-out are full page navigations: the server serves those pages outside the SPA.
export const SIGN_IN_URL = '/api/login';
export const SIGN_OUT_URL = '/api/logout';

/** Sends the browser to sign-in; `returnTo` (a path of ours) is where it comes back to, else home (issue 25). */
export function signIn(returnTo?: string): void {
  window.location.href = signInUrl(returnTo);
}

export function signInUrl(returnTo?: string): string {
  return returnTo && returnTo !== '/' ? `${SIGN_IN_URL}?${new URLSearchParams({ returnTo })}` : SIGN_IN_URL;
}

/** Asked before signing out; true when it takes over (a live seller is asked first, and signs out from there). */
type SignOutGuard = () => boolean;
let signOutGuard: SignOutGuard | null = null;

/** While it is set, Log out asks the guard first (issue 25: signing out would cut a live show). Returns the unset. */
export function guardSignOut(guard: SignOutGuard): () => void {
  signOutGuard = guard;
  return () => {
    if (signOutGuard === guard) signOutGuard = null;
  };
}

export function signOut(): void {
  if (signOutGuard?.()) return;
  signOutNow();
}

/** Signs out without asking (the guard's own answer). */
export function signOutNow(): void {
  window.location.href = SIGN_OUT_URL;
}

export type SessionExpiredNotice = { title: string; description: string };

/**
 * SPEC section 8: an expired session shows the destructive 'Unauthorized' toast (or the given
 * notice, such as the product form's 'Session Expired') and sends the browser to sign-in after the
 * given delay. Returns false (and does nothing) for other errors.
 */
export function handleUnauthorized(error: unknown, delayMs: number = UNAUTHORIZED_REDIRECT_MS, notice?: SessionExpiredNotice): boolean {
  if (!isUnauthorizedError(error)) return false;
  const { title, description } = notice ?? { title: i18n.t('toast.unauthorized_title'), description: i18n.t('toast.unauthorized_description') };
  toast({ title, description, variant: 'destructive' });
  setTimeout(signIn, delayMs);
  return true;
}

/** Runs handleUnauthorized once for a query's error. */
export function useRedirectOnUnauthorized(error: unknown): void {
  useEffect(() => {
    if (error) handleUnauthorized(error);
  }, [error]);
}
