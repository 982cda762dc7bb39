import 'virtual:english-load/engagement';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QUIZ_LEADERBOARD_SIZE } from '@live-market/contract/constants';
import type { LeaderboardEntry } from '@live-market/contract/engagement';

/** The quiz_ended room message's top 10. */
export function QuizLeaderboard({ entries }: { entries: LeaderboardEntry[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quiz-leaderboard" className="space-y-2 rounded-xl bg-muted/50 p-3">
      <h3 id="quiz-leaderboard" className="flex items-center gap-2 font-semibold">
        <Trophy className="size-4 text-amber-500" aria-hidden="true" />
        {t('engagement.leaderboard')}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('engagement.leaderboard_empty')}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {entries.slice(0, QUIZ_LEADERBOARD_SIZE).map((entry, i) => (
            <li key={`${i}-${entry.displayName}`} className="flex items-center justify-between gap-2 rounded-lg bg-card px-3 py-1.5">
              <span className="min-w-0 truncate">
                <span className="mr-2 font-semibold tabular-nums text-muted-foreground">{i + 1}</span>
                {entry.displayName}
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{t('engagement.points_count', { count: entry.score })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
