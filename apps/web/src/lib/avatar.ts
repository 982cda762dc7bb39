export type AvatarUser = {
  firstName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
};

export type AvatarContent = { kind: 'image'; src: string; fallback: string } | { kind: 'initial'; letter: string };

function firstLetter(value: string | null | undefined): string | null {
  const letter = value?.trim().charAt(0);
  return letter ? letter.toUpperCase() : null;
}

/** The letter shown without a profile image: first name, else e-mail, else 'U'. */
export function getAvatarInitial(user: AvatarUser | null | undefined): string {
  return firstLetter(user?.firstName) ?? firstLetter(user?.email) ?? 'U';
}

// SPEC section 2: the profile image, else the first letter of the first name,
// else the first letter of the e-mail, else 'U'. The letter stays as the image's fallback.
export function getAvatarContent(user: AvatarUser | null | undefined): AvatarContent {
  const src = user?.profileImageUrl?.trim();
  const letter = getAvatarInitial(user);
  return src ? { kind: 'image', src, fallback: letter } : { kind: 'initial', letter };
}
