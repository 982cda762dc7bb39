import { Check, Loader2, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useFollowSeller } from '../api/follow-seller';
import { useSeller } from '../api/get-seller';

/**
 * SPEC section 4: toggles between 'Follow' and 'Following'; the toast says 'Following' or 'Unfollowed'.
 * `onFollow` runs in the tap that follows (the app asks for push permission then, issue 13).
 */
export function FollowButton({ sellerId, onFollow }: { sellerId: string; onFollow?: () => void }) {
  const { t } = useTranslation();
  const { data: seller, isLoading } = useSeller(sellerId);
  const mutation = useFollowSeller({
    onSuccess: ({ isFollowing }) => toast({ title: isFollowing ? t('follow.followed_toast') : t('follow.unfollowed_toast') }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('follow.failed') });
    },
  });
  const isFollowing = seller?.isFollowing ?? false;

  return (
    <div className="flex shrink-0 flex-col items-end gap-0.5">
      <Button
        size="sm"
        variant={isFollowing ? 'outline' : 'default'}
        aria-pressed={isFollowing}
        disabled={isLoading || !seller || mutation.isPending}
        onClick={() => {
          if (!isFollowing) onFollow?.();
          mutation.mutate({ sellerId, follow: !isFollowing });
        }}
      >
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : isFollowing ? <Check aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {isFollowing ? t('follow.following') : t('follow.follow')}
      </Button>
      {seller ? <span className="text-xs text-muted-foreground">{t('follow.followers', { followers: formatCount(seller.followersCount) })}</span> : null}
    </div>
  );
}
