import { useState } from 'react';
import { getAvatarContent, type AvatarUser } from '@/lib/avatar';
import { cn } from '@/lib/utils';

type AvatarProps = { user: AvatarUser | null | undefined; className?: string };

/** The profile image, or a letter (see getAvatarContent); a broken image falls back to the letter. */
export function Avatar({ user, className }: AvatarProps) {
  const content = getAvatarContent(user);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = content.kind === 'image' && failedSrc !== content.src;
  return (
    <span
      className={cn('relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-gradient font-semibold text-white select-none', className)}
    >
      {showImage ? (
        <img src={content.src} alt="" className="size-full object-cover" referrerPolicy="no-referrer" onError={() => setFailedSrc(content.src)} />
      ) : (
        <span aria-hidden="true">{content.kind === 'image' ? content.fallback : content.letter}</span>
      )}
    </span>
  );
}
