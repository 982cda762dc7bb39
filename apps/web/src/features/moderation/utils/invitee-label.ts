import type { ModeratorInvitation } from '@live-market/contract/moderation';

/** +919876543210 as an Indian reader writes it: +91 98765 43210. */
export function formatIndianMobile(phone: string): string {
  const digits = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return digits ? `+91 ${digits[1]} ${digits[2]}` : phone;
}

/**
 * Who an invitation is for, as the owner knows them: the number they typed, or the name the chat
 * showed. Never a name for a number: that would tell the owner whose number it is before they accept.
 */
export function inviteeLabel(invitation: ModeratorInvitation): string {
  if (invitation.phone) return formatIndianMobile(invitation.phone);
  return invitation.displayName ?? '';
}
