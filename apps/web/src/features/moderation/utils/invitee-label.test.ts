import { describe, expect, it } from 'vitest';
import { formatIndianMobile, inviteeLabel } from './invitee-label';

const base = { id: '00000000-0000-4000-8000-0000000000a1', invitedAt: '2025-01-01T10:00:00.000Z', expiresAt: '2025-01-08T10:00:00.000Z' };

describe('inviteeLabel', () => {
  it('shows a number as the owner typed it, grouped, and a chat name only for an invitation from the chat', () => {
    expect(inviteeLabel({ ...base, phone: '+919876543210', displayName: null })).toBe('+91 98765 43210');
    expect(inviteeLabel({ ...base, phone: null, displayName: 'Rahul' })).toBe('Rahul');
    expect(formatIndianMobile('+44 20 7946 0000')).toBe('+44 20 7946 0000');
  });
});
