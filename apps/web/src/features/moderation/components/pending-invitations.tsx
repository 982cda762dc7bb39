import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { timeAgo } from '@/lib/time-ago';
import { toast } from '@/lib/toast';
import { useCancelModeratorInvitation } from '../api/cancel-moderator-invitation';
import { useModeratorInvitations } from '../api/get-moderator-invitations';
import { inviteeLabel } from '../utils/invitee-label';
import { toastFailure } from '../utils/notify';

/**
 * Issue 25: the owner's invitations still waiting for an answer, each as the number they typed (or the
 * chat name they picked), 'Invited …' and Cancel. A name appears only once the person accepts, in the
 * moderators list above.
 */
export function PendingInvitations({ sellerId }: { sellerId: string }) {
  const { t, i18n } = useTranslation();
  const { data: invitations } = useModeratorInvitations(sellerId);
  const cancel = useCancelModeratorInvitation({
    onSuccess: () => toast({ title: t('moderation.invitation_cancelled') }),
    onError: (error) => toastFailure(error, t('moderation.action_failed')),
  });
  // Nothing waiting (or not loaded yet): the section shows only the moderators.
  if (!invitations?.length) return null;

  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-muted-foreground">{t('moderation.invitations')}</h4>
      <ul className="mt-1 divide-y" aria-label={t('moderation.invitations')}>
        {invitations.map((invitation) => {
          const who = inviteeLabel(invitation);
          return (
            <li key={invitation.id} className="flex items-center gap-3 py-2">
              <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium tabular-nums">{who}</p>
                <p className="text-xs text-muted-foreground">
                  {t('moderation.invited_on', { time: timeAgo(invitation.invitedAt, i18n.language) ?? t('moderation.just_now') })}
                </p>
              </div>
              <Button
                variant="outline"
                aria-label={t('moderation.cancel_invitation', { who })}
                disabled={cancel.isPending && cancel.variables?.invitationId === invitation.id}
                onClick={() => cancel.mutate({ sellerId, invitationId: invitation.id })}
              >
                {t('moderation.cancel')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
