import { describe, expect, it } from 'vitest';
import { buildPollPayload, canAddPollOption, canRemovePollOption, normalizePollDuration, POLL_FORM_DEFAULTS } from './poll-form';

describe('poll form rules', () => {
  it('starts with two empty options and 60 seconds', () => {
    expect(POLL_FORM_DEFAULTS.options).toEqual(['', '']);
    expect(POLL_FORM_DEFAULTS.duration).toBe('60');
  });

  it('allows adding options up to 6', () => {
    expect(canAddPollOption(2)).toBe(true);
    expect(canAddPollOption(5)).toBe(true);
    expect(canAddPollOption(6)).toBe(false);
  });

  it('allows removing an option only while more than 2 remain', () => {
    expect(canRemovePollOption(2)).toBe(false);
    expect(canRemovePollOption(3)).toBe(true);
    expect(canRemovePollOption(6)).toBe(true);
  });

  it('defaults the duration to 60 when the entry is not a number', () => {
    expect(normalizePollDuration('')).toBe(60);
    expect(normalizePollDuration('abc')).toBe(60);
    expect(normalizePollDuration(Number.NaN)).toBe(60);
    expect(normalizePollDuration(undefined)).toBe(60);
    expect(normalizePollDuration('90')).toBe(90);
    expect(normalizePollDuration(120)).toBe(120);
  });

  it('keeps the duration within 30 to 600 seconds', () => {
    expect(normalizePollDuration('5')).toBe(30);
    expect(normalizePollDuration('9000')).toBe(600);
    expect(normalizePollDuration('45.6')).toBe(46);
  });

  it('needs a question that is not blank', () => {
    expect(buildPollPayload({ question: '   ', options: ['a', 'b'], duration: '60' })).toEqual({ ok: false, error: 'question_required' });
  });

  it('needs at least two options that are not blank', () => {
    expect(buildPollPayload({ question: 'Which?', options: ['Gold', '  '], duration: '60' })).toEqual({ ok: false, error: 'options_required' });
  });

  it('builds a trimmed body without blank options, the seconds in durationMinutes', () => {
    expect(buildPollPayload({ question: ' Which set? ', options: [' Gold ', '', 'Silver'], duration: 'x' })).toEqual({
      ok: true,
      body: { question: 'Which set?', options: ['Gold', 'Silver'], durationMinutes: 60 },
    });
  });
});
