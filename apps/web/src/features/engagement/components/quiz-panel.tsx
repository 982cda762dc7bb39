import 'virtual:english-load/engagement';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { HelpCircle, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaderboardEntry, Quiz } from '@live-market/contract/engagement';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAnswerQuiz } from '../api/answer-quiz';
import { useEndQuiz } from '../api/end-quiz';
import { useActiveQuiz } from '../api/get-active-quiz';
import { useQuizAttempt } from '../api/get-quiz-attempt';
import { engagementKeys } from '../api/keys';
import { notifyFailure } from '../utils/notify';
import { resumeIndex } from '../utils/quiz-results';
import { EmptyEngagement } from './empty-engagement';
import type { EngagementPanelProps } from './poll-panel';
import { QuizLeaderboard } from './quiz-leaderboard';
import { QuizPlayer } from './quiz-player';
import { QuizResults } from './quiz-results';

// Only sellers create: the form and sheet code loads when one opens it, not with every viewer's stream page.
const CreateQuizSheet = lazy(() => import('./create-quiz-sheet').then((m) => ({ default: m.CreateQuizSheet })));

/** SPEC 2: the Quiz tab — the seller creates and ends quizzes; viewers answer one timed question at a time. */
export function QuizPanel({ streamId, isSeller, userId }: EngagementPanelProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const { data: quiz, isLoading } = useActiveQuiz(streamId);
  const { data: leaderboard } = useQuery<LeaderboardEntry[]>({ queryKey: engagementKeys.quizLeaderboard(quiz?.id ?? ''), queryFn: skipToken });

  if (isLoading) return <Skeleton className="h-40 w-full" />;

  const canCreate = isSeller && (!quiz || !quiz.isActive);
  return (
    <div className="flex h-full min-h-0 flex-col gap-3 overflow-y-auto">
      {canCreate ? (
        <Button size="sm" className="self-end" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('engagement.create_quiz')}
        </Button>
      ) : null}
      {!quiz ? (
        // SPEC section 2: with nothing active, non-sellers see nothing.
        isSeller ? (
          <EmptyEngagement Icon={HelpCircle} title={t('engagement.no_quiz_title')} body={t('engagement.no_quiz_body')} />
        ) : null
      ) : isSeller ? (
        <SellerQuiz quiz={quiz} streamId={streamId} />
      ) : (
        <ViewerQuiz key={quiz.id} quiz={quiz} userId={userId} />
      )}
      {quiz && leaderboard ? <QuizLeaderboard entries={leaderboard} /> : null}
      {isSeller && creating ? (
        <Suspense fallback={null}>
          <CreateQuizSheet streamId={streamId} open={creating} onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </div>
  );
}

function QuizHeader({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start justify-between gap-2">
      <h3 className="font-semibold leading-snug">{quiz.title}</h3>
      <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', quiz.isActive ? 'bg-green-100 text-green-700' : 'bg-muted text-muted-foreground')}>
        {quiz.isActive ? t('engagement.active') : t('engagement.ended')}
      </span>
    </div>
  );
}

function SellerQuiz({ quiz, streamId }: { quiz: Quiz; streamId: string }) {
  const { t } = useTranslation();
  const endQuiz = useEndQuiz({
    onSuccess: () => toast({ title: t('engagement.quiz_ended_title'), description: t('engagement.quiz_ended_body') }),
    onError: (error) => notifyFailure(error, t('engagement.end_failed')),
  });
  return (
    <section className="space-y-3 rounded-xl bg-muted/50 p-3">
      <QuizHeader quiz={quiz} />
      <ol className="space-y-2 text-sm">
        {quiz.questions.map((q, i) => (
          <li key={q.id} className="rounded-lg bg-card p-2.5">
            <p className="font-medium">
              {i + 1}. {q.question} <span className="text-xs text-muted-foreground">({t('engagement.points_count', { count: q.points })})</span>
            </p>
            <ul className="mt-1 grid grid-cols-2 gap-1 text-xs">
              {q.options.map((o, oi) => (
                <li key={oi} className={cn('rounded px-2 py-1', q.correctAnswer === oi ? 'bg-green-100 font-semibold text-green-700' : 'bg-muted')}>
                  {o}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {quiz.isActive ? (
        <Button variant="destructive" size="sm" className="w-full" disabled={endQuiz.isPending} onClick={() => endQuiz.mutate({ quizId: quiz.id, streamId })}>
          {t('engagement.end_quiz')}
        </Button>
      ) : null}
    </section>
  );
}

function ViewerQuiz({ quiz, userId }: { quiz: Quiz; userId: string | null | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = !!userId;
  const { data: attempt, isLoading } = useQuizAttempt(quiz.id, { enabled: signedIn });
  // Kept in the query cache so switching tabs does not restart a finished quiz.
  const { data: finishedHere } = useQuery<boolean>({ queryKey: engagementKeys.quizFinished(quiz.id), queryFn: skipToken });
  const answer = useAnswerQuiz({ onError: (error) => notifyFailure(error, t('engagement.answer_failed')) });

  if (signedIn && isLoading) return <Skeleton className="h-40 w-full" />;

  const start = resumeIndex(quiz, attempt);
  const done = finishedHere === true || start >= quiz.questions.length;

  if (!done && quiz.isActive && signedIn) {
    return (
      <QuizPlayer
        quiz={quiz}
        startIndex={start}
        onAnswer={(questionId, selectedOption) => answer.mutate({ quizId: quiz.id, body: { questionId, selectedOption } })}
        onFinish={() => {
          queryClient.setQueryData(engagementKeys.quizFinished(quiz.id), true);
          void queryClient.invalidateQueries({ queryKey: engagementKeys.quizAttempt(quiz.id) });
          toast({ title: t('engagement.quiz_completed_title'), description: t('engagement.quiz_completed_body') });
        }}
      />
    );
  }

  return (
    <div className="space-y-3">
      <div className="rounded-xl bg-muted/50 p-3">
        <QuizHeader quiz={quiz} />
      </div>
      {attempt || finishedHere ? (
        <QuizResults quiz={quiz} attempt={attempt} />
      ) : (
        <p className="rounded-xl bg-muted/50 p-4 text-center text-sm text-muted-foreground">
          {quiz.isActive ? t('engagement.quiz_sign_in') : t('engagement.quiz_has_ended')}
        </p>
      )}
    </div>
  );
}
