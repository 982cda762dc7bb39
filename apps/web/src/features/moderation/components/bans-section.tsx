import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useBans } from '../api/get-bans';
import { useUnbanUser } from '../api/unban-user';
import { minutesLeft } from '../utils/log-entry';
import { toastFailure } from '../utils/notify';
import { SectionState } from './section-state';

/**
 * Issue 12: who is banned from the store's chat or timed out (with the minutes left), by whom, and
 * Unban where the server allows it (issue 25: the owner any, a moderator only their own).
 */
export function BansSection({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: bans, isLoading, refetch } = useBans(sellerId);
  const unban = useUnbanUser({ onError: (error) => toastFailure(error, t('moderation.action_failed')) });
  // A timeout that ran out while the page was open is over: it is not shown.
  const active = bans?.map((ban) => ({ ban, left: minutesLeft(ban.until) })).filter(({ left }) => left !== 0);

  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="font-bold">
        {t('moderation.bans')}
        {active ? <span className="ml-2 text-sm font-medium text-muted-foreground">({active.length})</span> : null}
      </h3>
      {active ? (
        active.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('moderation.bans_empty')}</p>
        ) : (
          <ul className="mt-2 divide-y" aria-label={t('moderation.bans')}>
            {active.map(({ ban, left }) => (
              <li key={ban.userId} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{ban.displayName}</p>
                  <p className="text-xs text-muted-foreground">
                    {left === null ? t('moderation.banned_until_lifted') : t('moderation.timeout_left', { minutes: left })}
                    <span className="mx-1" aria-hidden="true">
                      ·
                    </span>
                    {t('moderation.by_name', { name: ban.byName })}
                  </p>
                </div>
                {ban.canLift ? (
                  <Button
                    variant="outline"
                    aria-label={t('moderation.unban_name', { name: ban.displayName })}
                    disabled={unban.isPending && unban.variables?.userId === ban.userId}
                    onClick={() => unban.mutate({ sellerId, userId: ban.userId }, { onSuccess: () => toast({ title: t('moderation.unbanned', { name: ban.displayName }) }) })}
                  >
                    {t('moderation.unban')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : (
        <SectionState isLoading={isLoading} onRetry={() => void refetch()} />
      )}
    </section>
  );
}
