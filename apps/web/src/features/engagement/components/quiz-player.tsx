import 'virtual:english-load/engagement';
import { Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Quiz } from '@live-market/contract/engagement';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useQuizTimer } from '../hooks/use-quiz-timer';
import { isTimerWarning } from '../utils/quiz-timer';

type QuizPlayerProps = {
  quiz: Quiz;
  startIndex: number;
  onAnswer: (questionId: string, selectedOption: number) => void;
  onFinish: () => void;
};

/** SPEC 2/4: one question at a time with a 30-second countdown; 'Submit Answer' waits for a choice. */
export function QuizPlayer({ quiz, startIndex, onAnswer, onFinish }: QuizPlayerProps) {
  const { t } = useTranslation();
  const { state, select, submit } = useQuizTimer({
    questionCount: quiz.questions.length,
    startIndex,
    onAnswer: (index, option) => {
      const question = quiz.questions[index];
      if (question) onAnswer(question.id, option);
    },
    onFinish,
  });
  const question = quiz.questions[state.index];
  if (state.finished || !question) return null;
  const warning = isTimerWarning(state.remaining);

  return (
    <section aria-labelledby="quiz-question" className="space-y-3 rounded-xl bg-muted/50 p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-muted-foreground">{t('engagement.question_of', { n: state.index + 1, total: quiz.questions.length })}</span>
        <span
          role="timer"
          aria-label={t('engagement.time_left')}
          className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold tabular-nums', warning ? 'bg-red-100 text-red-600' : 'bg-card text-foreground')}
        >
          <Timer className="size-4" aria-hidden="true" />
          {t('engagement.seconds_left', { count: state.remaining })}
        </span>
      </div>
      <h3 id="quiz-question" className="font-semibold leading-snug">
        {question.question}
      </h3>
      <div role="radiogroup" aria-labelledby="quiz-question" className="grid gap-2">
        {question.options.map((option, i) => (
          <button
            key={i}
            type="button"
            role="radio"
            aria-checked={state.selected === i}
            onClick={() => select(i)}
            className={cn(
              'min-h-11 rounded-xl border bg-card px-3 py-2 text-left text-sm font-medium transition',
              state.selected === i ? 'border-primary bg-primary/10 text-primary' : 'hover:bg-muted',
            )}
          >
            {option}
          </button>
        ))}
      </div>
      <Button className="w-full" disabled={state.selected === null} onClick={submit}>
        {t('engagement.submit_answer')}
      </Button>
    </section>
  );
}
