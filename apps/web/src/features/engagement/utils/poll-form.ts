import type { CreatePollBody } from '@live-market/contract/engagement';
import {
  POLL_DEFAULT_DURATION_SECONDS,
  POLL_MAX_DURATION_SECONDS,
  POLL_MAX_OPTIONS,
  POLL_MIN_DURATION_SECONDS,
  POLL_MIN_OPTIONS,
} from '@live-market/contract/constants';

// SPEC 5, poll creation: the form starts with 2 options and allows at most 6; an option can be
// removed only while more than 2 remain; the duration (seconds, 30 to 600) defaults to 60 when it is not a number.

export type PollFormValues = { question: string; options: string[]; duration: string };

export const POLL_FORM_DEFAULTS: PollFormValues = {
  question: '',
  options: Array.from({ length: POLL_MIN_OPTIONS }, () => ''),
  duration: String(POLL_DEFAULT_DURATION_SECONDS),
};

export function canAddPollOption(count: number): boolean {
  return count < POLL_MAX_OPTIONS;
}

export function canRemovePollOption(count: number): boolean {
  return count > POLL_MIN_OPTIONS;
}

/** The duration in seconds: 60 when the entry is not a number, otherwise rounded and kept within 30..600. */
export function normalizePollDuration(entry: string | number | null | undefined): number {
  const n = typeof entry === 'string' ? (entry.trim() === '' ? Number.NaN : Number(entry)) : (entry ?? Number.NaN);
  if (!Number.isFinite(n)) return POLL_DEFAULT_DURATION_SECONDS;
  return Math.min(POLL_MAX_DURATION_SECONDS, Math.max(POLL_MIN_DURATION_SECONDS, Math.round(n)));
}

export type PollFormError = 'question_required' | 'options_required';

/** Checks the form as SPEC 5 says and builds the request body (blank options dropped, texts trimmed). */
export function buildPollPayload(values: PollFormValues): { ok: true; body: CreatePollBody } | { ok: false; error: PollFormError } {
  const question = values.question.trim();
  if (!question) return { ok: false, error: 'question_required' };
  const options = values.options.map((o) => o.trim()).filter(Boolean);
  if (options.length < POLL_MIN_OPTIONS) return { ok: false, error: 'options_required' };
  // The API field is named durationMinutes but holds seconds (SPEC 7/9).
  return { ok: true, body: { question, options: options.slice(0, POLL_MAX_OPTIONS), durationMinutes: normalizePollDuration(values.duration) } };
}
