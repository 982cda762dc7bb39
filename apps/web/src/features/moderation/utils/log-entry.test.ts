import { describe, expect, it } from 'vitest';
import { minutesLeft, settingsFromDetail } from './log-entry';

describe('settingsFromDetail', () => {
  it('reads the settings a chat_settings entry stored', () => {
    expect(settingsFromDetail('{"slowModeSeconds":5,"followersOnly":true,"linksAllowed":false}')).toEqual({ slowModeSeconds: 5, followersOnly: true, linksAllowed: false });
  });

  it('gives null for anything else', () => {
    expect(settingsFromDetail(null)).toBeNull();
    expect(settingsFromDetail('10')).toBeNull();
    expect(settingsFromDetail('<img src=x onerror=alert(1)>')).toBeNull();
    expect(settingsFromDetail('{"slowModeSeconds":"5"}')).toBeNull();
  });
});

describe('minutesLeft', () => {
  const now = Date.parse('2025-01-01T10:00:00.000Z');
  it('rounds a running timeout up and ends at 0', () => {
    expect(minutesLeft('2025-01-01T10:04:10.000Z', now)).toBe(5);
    expect(minutesLeft('2025-01-01T10:00:01.000Z', now)).toBe(1);
    expect(minutesLeft('2025-01-01T09:59:00.000Z', now)).toBe(0);
  });

  it('is null for a ban until lifted', () => {
    expect(minutesLeft(null, now)).toBeNull();
  });
});
