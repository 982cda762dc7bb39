import 'virtual:english-load/engagement';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Quiz, QuizAttempt } from '@live-market/contract/engagement';
import { summarizeQuiz } from '../utils/quiz-results';

/** SPEC 2: total points, the percentage of the maximum, and Correct/Incorrect per question. */
export function QuizResults({ quiz, attempt }: { quiz: Quiz; attempt: QuizAttempt | null | undefined }) {
  const { t } = useTranslation();
  const { score, maxPoints, percentage, rows } = summarizeQuiz(quiz, attempt);
  return (
    <section aria-labelledby="quiz-results" className="space-y-3 rounded-xl bg-muted/50 p-3">
      <h3 id="quiz-results" className="font-semibold">
        {t('engagement.your_results')}
      </h3>
      <div className="flex flex-wrap items-baseline gap-x-3">
        <p className="text-xl font-bold whitespace-nowrap text-primary tabular-nums">{t('engagement.points_of', { score, max: maxPoints })}</p>
        <p className="text-sm whitespace-nowrap text-muted-foreground tabular-nums">{t('engagement.percent_score', { percent: percentage })}</p>
      </div>
      <ol className="space-y-1.5 text-sm">
        {rows.map((row, i) => (
          <li key={row.questionId} className="flex items-start justify-between gap-2 rounded-lg bg-card px-3 py-2">
            <span className="min-w-0 break-words">
              {i + 1}. {row.question}
            </span>
            {row.correct ? (
              <span className="inline-flex shrink-0 items-center gap-1 font-semibold text-green-600">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t('engagement.correct')}
              </span>
            ) : (
              <span className="inline-flex shrink-0 items-center gap-1 font-semibold text-red-600">
                <XCircle className="size-4" aria-hidden="true" />
                {t('engagement.incorrect')}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
