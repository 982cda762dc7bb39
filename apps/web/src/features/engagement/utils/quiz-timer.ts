import { QUIZ_SECONDS_PER_QUESTION, QUIZ_WARNING_SECONDS } from '@live-market/contract/constants';

// SPEC 4, quiz: one question at a time, 30 seconds each, counting down a second at a time.
// Submitting starts the next question with a new 30 s. At 0 a chosen answer is submitted
// automatically; with none the question is skipped (or the quiz finishes after the last one).

export type QueuedAnswer = { index: number; selectedOption: number };

export type QuizTimerState = {
  questionCount: number;
  index: number;
  remaining: number;
  selected: number | null;
  finished: boolean;
  /** Answers waiting to be sent, oldest first (the hook sends each, then dispatches 'sent'). */
  outbox: QueuedAnswer[];
};

export type QuizTimerAction =
  | { type: 'select'; option: number }
  | { type: 'submit' }
  | { type: 'tick' }
  | { type: 'sent'; index: number };

export function initQuizTimer(questionCount: number, startIndex = 0): QuizTimerState {
  const finished = startIndex >= questionCount;
  return { questionCount, index: finished ? questionCount : startIndex, remaining: QUIZ_SECONDS_PER_QUESTION, selected: null, finished, outbox: [] };
}

function advance(state: QuizTimerState, answer: QueuedAnswer | null): QuizTimerState {
  const next = state.index + 1;
  return {
    ...state,
    index: Math.min(next, state.questionCount),
    remaining: QUIZ_SECONDS_PER_QUESTION,
    selected: null,
    finished: next >= state.questionCount,
    outbox: answer ? [...state.outbox, answer] : state.outbox,
  };
}

export function quizTimerReducer(state: QuizTimerState, action: QuizTimerAction): QuizTimerState {
  if (action.type === 'sent') return { ...state, outbox: state.outbox.filter((a) => a.index !== action.index) };
  if (state.finished) return state;
  switch (action.type) {
    case 'select':
      return { ...state, selected: action.option };
    case 'submit':
      if (state.selected === null) return state;
      return advance(state, { index: state.index, selectedOption: state.selected });
    case 'tick': {
      const remaining = state.remaining - 1;
      if (remaining > 0) return { ...state, remaining };
      return advance(state, state.selected === null ? null : { index: state.index, selectedOption: state.selected });
    }
  }
}

/** SPEC 4: the timer turns red at 10 seconds or fewer. */
export function isTimerWarning(remaining: number): boolean {
  return remaining <= QUIZ_WARNING_SECONDS;
}
