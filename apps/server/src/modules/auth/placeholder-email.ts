// better-auth requires every user to have an e-mail. People who sign in by phone get a placeholder
// on this reserved domain; the API shows it as "no e-mail".
export const PLACEHOLDER_EMAIL_DOMAIN = 'phone.invalid';

export function placeholderEmailFor(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return !!email && email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}
