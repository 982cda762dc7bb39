import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuizTimer } from '../hooks/use-quiz-timer';
import { initQuizTimer, isTimerWarning, quizTimerReducer } from './quiz-timer';

describe('quizTimerReducer', () => {
  it('starts at question 1 with 30 seconds and nothing picked', () => {
    expect(initQuizTimer(3)).toEqual({ questionCount: 3, index: 0, remaining: 30, selected: null, finished: false, outbox: [] });
  });

  it('does not submit before an option is picked', () => {
    const state = initQuizTimer(2);
    expect(quizTimerReducer(state, { type: 'submit' })).toBe(state);
  });

  it('submitting queues the answer and starts the next question with a new 30 s', () => {
    let state = initQuizTimer(2);
    for (let i = 0; i < 12; i++) state = quizTimerReducer(state, { type: 'tick' });
    state = quizTimerReducer(state, { type: 'select', option: 2 });
    state = quizTimerReducer(state, { type: 'submit' });
    expect(state).toMatchObject({ index: 1, remaining: 30, selected: null, finished: false, outbox: [{ index: 0, selectedOption: 2 }] });
    state = quizTimerReducer(state, { type: 'sent', index: 0 });
    expect(state.outbox).toEqual([]);
  });

  it('counts down one second at a time', () => {
    const state = quizTimerReducer(initQuizTimer(1), { type: 'tick' });
    expect(state.remaining).toBe(29);
  });

  it('warns at 10 seconds or fewer', () => {
    expect(isTimerWarning(11)).toBe(false);
    expect(isTimerWarning(10)).toBe(true);
    expect(isTimerWarning(0)).toBe(true);
  });

  it('finishes after the last question', () => {
    let state = quizTimerReducer(initQuizTimer(1), { type: 'select', option: 0 });
    state = quizTimerReducer(state, { type: 'submit' });
    expect(state.finished).toBe(true);
    expect(quizTimerReducer(state, { type: 'tick' })).toBe(state);
  });

  it('a start index past the last question is already finished', () => {
    expect(initQuizTimer(2, 2).finished).toBe(true);
  });
});

describe('useQuizTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('auto-submits the chosen answer when the timer reaches 0', () => {
    const onAnswer = vi.fn();
    const onFinish = vi.fn();
    const { result } = renderHook(() => useQuizTimer({ questionCount: 2, onAnswer, onFinish }));
    act(() => result.current.select(3));
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current.state.remaining).toBe(1);
    expect(onAnswer).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(0, 3);
    expect(result.current.state).toMatchObject({ index: 1, remaining: 30, selected: null, finished: false });
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('skips to the next question without a choice, and finishes after the last', () => {
    const onAnswer = vi.fn();
    const onFinish = vi.fn();
    const { result } = renderHook(() => useQuizTimer({ questionCount: 2, onAnswer, onFinish }));
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.state).toMatchObject({ index: 1, remaining: 30, finished: false });
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.state.finished).toBe(true);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(onFinish).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(60_000));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('submits by hand, then the next question gets a fresh 30 s', () => {
    const onAnswer = vi.fn();
    const onFinish = vi.fn();
    const { result } = renderHook(() => useQuizTimer({ questionCount: 2, onAnswer, onFinish }));
    act(() => vi.advanceTimersByTime(25_000));
    act(() => result.current.select(1));
    act(() => result.current.submit());
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(0, 1);
    expect(result.current.state.remaining).toBe(30);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.state.remaining).toBe(29);
    act(() => result.current.select(0));
    act(() => result.current.submit());
    expect(onAnswer).toHaveBeenLastCalledWith(1, 0);
    expect(onFinish).toHaveBeenCalledOnce();
  });
});
