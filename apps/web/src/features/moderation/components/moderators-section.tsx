import { Loader2, UserPlus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AddModeratorBody } from '@live-market/contract/moderation';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { timeAgo } from '@/lib/time-ago';
import { toast } from '@/lib/toast';
import { useModerators } from '../api/get-moderators';
import { useInviteModerator } from '../api/invite-moderator';
import { useRemoveModerator } from '../api/remove-moderator';
import { toastFailure } from '../utils/notify';
import { PendingInvitations } from './pending-invitations';
import { SectionState } from './section-state';

// The contract's own 'by phone' branch of AddModeratorBody checks the number, as the server does.
type PhoneBody = Extract<AddModeratorBody, { phone: string }>;
const resolver = lazyZodResolver<{ phone: string }, PhoneBody>(() =>
  import('@live-market/contract/moderation').then((m) => m.AddModeratorBody.options[1]),
);

/**
 * Issue 12: the store's moderators, and Remove. Issue 25: someone is invited by phone number and becomes
 * a moderator when they accept in the app; until then the invitation waits below the list.
 */
export function ModeratorsSection({ sellerId }: { sellerId: string }) {
  const { t, i18n } = useTranslation();
  const phoneId = useId();
  const { data: moderators, isLoading, refetch } = useModerators(sellerId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { phone: '' } });
  const failed = (error: Error) => toastFailure(error, t('moderation.action_failed'));
  const invite = useInviteModerator({
    onSuccess: () => {
      reset();
      toast({ title: t('moderation.invite_sent') });
    },
    onError: failed,
  });
  const remove = useRemoveModerator({ onError: failed });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const error = errors.phone?.message;

  return (
    <section aria-labelledby={`${phoneId}-title`}>
      <h3 id={`${phoneId}-title`} className="font-bold">
        {t('moderation.moderators')}
        {moderators ? <span className="ml-2 text-sm font-medium text-muted-foreground">({moderators.length})</span> : null}
      </h3>
      {moderators ? (
        moderators.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('moderation.moderators_empty')}</p>
        ) : (
          <ul className="mt-2 divide-y" aria-label={t('moderation.moderators')}>
            {moderators.map((moderator) => (
              <li key={moderator.userId} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{moderator.displayName}</p>
                  <p className="text-xs text-muted-foreground">
                    {moderator.phoneEnding ? <span className="mr-1 tabular-nums">···{moderator.phoneEnding} ·</span> : null}
                    {t('moderation.added_on', { time: timeAgo(moderator.addedAt, i18n.language) ?? t('moderation.just_now') })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  aria-label={t('moderation.remove_name', { name: moderator.displayName })}
                  disabled={remove.isPending && remove.variables?.userId === moderator.userId}
                  onClick={() => remove.mutate({ sellerId, userId: moderator.userId }, { onSuccess: () => toast({ title: t('moderation.moderator_removed', { name: moderator.displayName }) }) })}
                >
                  {t('moderation.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <SectionState isLoading={isLoading} onRetry={() => void refetch()} />
      )}
      <PendingInvitations sellerId={sellerId} />
      <form noValidate onSubmit={handleSubmit(({ phone }) => invite.mutate({ sellerId, body: { phone } }))} className="mt-3 space-y-2">
        <Label htmlFor={phoneId}>{t('moderation.invite_phone_label')}</Label>
        <div className="flex gap-2">
          <Input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="98765 43210"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${phoneId}-error` : undefined}
            className="min-w-0 flex-1"
            {...register('phone')}
          />
          <Button type="submit" className="h-12 shrink-0" disabled={invite.isPending}>
            {invite.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
            {t('moderation.invite')}
          </Button>
        </div>
        <FieldError id={`${phoneId}-error`} message={error} />
      </form>
    </section>
  );
}
