import { Check, Loader2, ShieldCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MyModeratorInvitation } from '@live-market/contract/moderation';
import { Button } from '@/components/ui/button';
import { timeAgo } from '@/lib/time-ago';
import { toast } from '@/lib/toast';
import { useAnswerModeratorInvitation } from '../api/answer-moderator-invitation';
import { toastFailure } from '../utils/notify';
// This entry's English texts (before any of them is rendered).
import '../i18n';

/**
 * Issue 25: "<Store> invites you to moderate its shows", with Accept and Decline, above the
 * notifications. Nobody moderates a store until they accept here.
 */
export function ModeratorInvitations({ invitations }: { invitations: MyModeratorInvitation[] }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerModeratorInvitation({
    onSuccess: ({ invitation, answer }) =>
      toast({ title: answer === 'accept' ? t('moderation.accepted', { store: invitation.storeName }) : t('moderation.declined') }),
    onError: (error) => toastFailure(error, t('moderation.action_failed')),
  });
  if (invitations.length === 0) return null;

  return (
    <ul className="space-y-2 px-4 pt-4" aria-label={t('moderation.my_invitations')}>
      {invitations.map((invitation) => {
        const busy = answer.isPending && answer.variables?.invitation.id === invitation.id;
        const spinning = (which: 'accept' | 'decline') => busy && answer.variables?.answer === which;
        const titleId = `moderator-invitation-${invitation.id}`;
        return (
          <li key={invitation.id} className="rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-4 shadow-sm">
            <div className="flex items-start gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-secondary text-primary">
                <ShieldCheck className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p id={titleId} className="font-bold break-words">{t('moderation.invitation_title', { store: invitation.storeName })}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">{t('moderation.invitation_body')}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={invitation.invitedAt}>{timeAgo(invitation.invitedAt, i18n.language) ?? t('moderation.just_now')}</time>
                </p>
              </div>
            </div>
            <div className="mt-3 grid grid-cols-2 gap-2">
              <Button variant="outline" aria-describedby={titleId} disabled={busy} onClick={() => answer.mutate({ invitation, answer: 'decline' })}>
                {spinning('decline') ? <Loader2 className="animate-spin" aria-hidden="true" /> : <X aria-hidden="true" />}
                {t('moderation.decline')}
              </Button>
              <Button aria-describedby={titleId} disabled={busy} onClick={() => answer.mutate({ invitation, answer: 'accept' })}>
                {spinning('accept') ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
                {t('moderation.accept')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
