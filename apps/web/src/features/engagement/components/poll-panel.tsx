import 'virtual:english-load/engagement';
import { BarChart3, Check, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Poll } from '@live-market/contract/engagement';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useActivePoll } from '../api/get-active-poll';
import { useEndPoll } from '../api/end-poll';
import { useMyVote } from '../api/get-my-vote';
import { useVotePoll } from '../api/vote-poll';
import { notifyFailure } from '../utils/notify';
import { totalVotes, votePercentage } from '../utils/poll-math';
import { EmptyEngagement } from './empty-engagement';

// Only sellers create: the form and sheet code loads when one opens it, not with every viewer's stream page.
const CreatePollSheet = lazy(() => import('./create-poll-sheet').then((m) => ({ default: m.CreatePollSheet })));

export type EngagementPanelProps = { streamId: string; isSeller: boolean; userId: string | null | undefined };

/** SPEC 2: the Poll tab — the stream's latest poll with its results, voting, and the seller's create/end controls. */
export function PollPanel({ streamId, isSeller, userId }: EngagementPanelProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const { data: poll, isLoading } = useActivePoll(streamId);

  if (isLoading) return <Skeleton className="h-40 w-full" />;

  const canCreate = isSeller && (!poll || !poll.isActive);
  return (
    <div className="flex h-full min-h-0 flex-col gap-3 overflow-y-auto">
      {canCreate ? (
        <Button size="sm" className="self-end" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('engagement.create_poll')}
        </Button>
      ) : null}
      {poll ? (
        <PollCard poll={poll} streamId={streamId} isSeller={isSeller} userId={userId} />
      ) : isSeller ? (
        <EmptyEngagement Icon={BarChart3} title={t('engagement.no_poll_title')} body={t('engagement.no_poll_body')} />
      ) : null /* SPEC section 2: with nothing active, non-sellers see nothing. */}
      {isSeller && creating ? (
        <Suspense fallback={null}>
          <CreatePollSheet streamId={streamId} open={creating} onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </div>
  );
}

function PollCard({ poll, streamId, isSeller, userId }: { poll: Poll; streamId: string; isSeller: boolean; userId: string | null | undefined }) {
  const { t } = useTranslation();
  const signedIn = !!userId;
  const { data: myVote } = useMyVote(poll.id, { enabled: signedIn && poll.isActive });
  const votedFor = myVote?.optionId ?? null;
  const total = totalVotes(poll);
  const canVote = signedIn && poll.isActive && !votedFor;

  const vote = useVotePoll({
    streamId,
    onSuccess: () => toast({ title: t('engagement.vote_cast_title'), description: t('engagement.vote_cast_body') }),
    onError: (error) => {
      // 409: the server already has this viewer's vote.
      if (parseApiError(error).status === 409) toast({ title: t('engagement.already_voted'), variant: 'destructive' });
      else notifyFailure(error, t('engagement.vote_failed'));
    },
  });
  const endPoll = useEndPoll({
    onSuccess: () => toast({ title: t('engagement.poll_ended_title'), description: t('engagement.poll_ended_body') }),
    onError: (error) => notifyFailure(error, t('engagement.end_failed')),
  });

  return (
    <section aria-labelledby={`poll-${poll.id}`} className="space-y-3 rounded-xl bg-muted/50 p-3">
      <div className="flex items-start justify-between gap-2">
        <h3 id={`poll-${poll.id}`} className="font-semibold leading-snug">
          {poll.question}
        </h3>
        <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', poll.isActive ? 'bg-green-100 text-green-700' : 'bg-muted text-muted-foreground')}>
          {poll.isActive ? t('engagement.active') : t('engagement.ended')}
        </span>
      </div>
      <ul className="space-y-2">
        {poll.options.map((option) => {
          const count = option.votes.length;
          const percent = votePercentage(count, total);
          const mine = votedFor === option.id;
          return (
            <li key={option.id} className={cn('rounded-lg border bg-card p-2.5', mine && 'border-primary')}>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words font-medium">
                  {option.text}
                  {mine ? (
                    <span className="ml-2 inline-flex items-center gap-1 rounded-full border border-primary px-2 py-0.5 text-xs font-semibold text-primary">
                      <Check className="size-3" aria-hidden="true" />
                      {t('engagement.your_vote')}
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {t('engagement.votes', { count })} · {percent}%
                </span>
              </div>
              <div
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
                role="meter"
                aria-label={option.text}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Number(percent)}
                aria-valuetext={`${percent}%`}
              >
                <div className="h-full rounded-full bg-brand-gradient transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              {canVote ? (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2 w-full"
                  disabled={vote.isPending}
                  aria-label={t('engagement.vote_for', { option: option.text })}
                  onClick={() => vote.mutate({ pollId: poll.id, optionId: option.id })}
                >
                  {t('engagement.vote')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">{t('engagement.total_votes', { count: total })}</p>
      {votedFor ? <p className="text-sm font-medium text-primary">{t('engagement.already_voted')}</p> : null}
      {isSeller && poll.isActive ? (
        <Button variant="destructive" size="sm" className="w-full" disabled={endPoll.isPending} onClick={() => endPoll.mutate(poll.id)}>
          {t('engagement.end_poll')}
        </Button>
      ) : null}
    </section>
  );
}
