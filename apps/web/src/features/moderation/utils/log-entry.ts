import type { ChatSettings } from '@live-market/contract/moderation';

/** The settings a chat_settings log entry stored (as JSON); null when the detail is not that. */
export function settingsFromDetail(detail: string | null): ChatSettings | null {
  if (!detail) return null;
  try {
    const value: unknown = JSON.parse(detail);
    if (typeof value !== 'object' || value === null) return null;
    const { slowModeSeconds, followersOnly, linksAllowed } = value as Record<string, unknown>;
    if (typeof slowModeSeconds !== 'number' || typeof followersOnly !== 'boolean' || typeof linksAllowed !== 'boolean') return null;
    return { slowModeSeconds, followersOnly, linksAllowed };
  } catch {
    return null;
  }
}

/** Whole minutes left of a timeout (at least 1 while it runs); 0 once it is over; null for a ban until lifted. */
export function minutesLeft(until: string | null, now: number = Date.now()): number | null {
  if (until === null) return null;
  const ms = Date.parse(until) - now;
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}
