import type { CurrentUser } from '@live-market/contract/auth';

/**
 * Remind me and Follow offer push notifications (issue 13), unless the user switched them off in
 * settings. The code loads in the tap (a few hundred bytes, and the service worker holds it after the
 * first visit): the live page a shared link opens is at its 150 KB budget. Browsers let a tap ask for
 * permission for a few seconds after it, which that load fits in.
 */
export function offerPush(user: CurrentUser): void {
  if (!user.pushEnabled) return;
  void import('@/features/push/utils/offer-push').then((m) => m.offerPush(true));
}
