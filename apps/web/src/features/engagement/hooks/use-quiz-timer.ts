import { useEffect, useEffectEvent, useReducer } from 'react';
import { initQuizTimer, quizTimerReducer, type QuizTimerState } from '../utils/quiz-timer';

type UseQuizTimerOptions = {
  questionCount: number;
  /** The first question not yet answered (a viewer coming back to the tab resumes there). */
  startIndex?: number;
  /** Sends one answer; called once per submitted (or auto-submitted) question. */
  onAnswer: (index: number, selectedOption: number) => void;
  /** Called once when the last question is over. */
  onFinish: () => void;
};

/** Runs the quiz timer: a one-second countdown per question over the pure quizTimerReducer. */
export function useQuizTimer({ questionCount, startIndex = 0, onAnswer, onFinish }: UseQuizTimerOptions): {
  state: QuizTimerState;
  select: (option: number) => void;
  submit: () => void;
} {
  const [state, dispatch] = useReducer(quizTimerReducer, undefined, () => initQuizTimer(questionCount, startIndex));
  const { finished, outbox } = state;
  const wasFinishedAtStart = startIndex >= questionCount;

  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [finished]);

  const send = useEffectEvent((index: number, selectedOption: number) => onAnswer(index, selectedOption));
  useEffect(() => {
    for (const answer of outbox) {
      dispatch({ type: 'sent', index: answer.index });
      send(answer.index, answer.selectedOption);
    }
  }, [outbox]);

  const finish = useEffectEvent(() => onFinish());
  useEffect(() => {
    if (finished && !wasFinishedAtStart) finish();
  }, [finished, wasFinishedAtStart]);

  return {
    state,
    select: (option) => dispatch({ type: 'select', option }),
    submit: () => dispatch({ type: 'submit' }),
  };
}
