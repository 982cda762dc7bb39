import { describe, expect, it } from 'vitest';
import { GST_STATES, gstStateCodeOf, gstStateName } from './gst-states.js';
import { INDIAN_STATES } from './orders.js';

describe('GST state codes', () => {
  it('lists the GST portal’s codes, one name each', () => {
    expect(GST_STATES).toHaveLength(37);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(37);
    expect(gstStateName('26')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(gstStateName('27')).toBe('Maharashtra');
    expect(gstStateName('38')).toBe('Ladakh');
    expect(gstStateName('97')).toBe('Other Territory');
    expect(gstStateName('25')).toBeNull();
  });

  it('gives every state the address form offers a code', () => {
    for (const state of INDIAN_STATES) expect(gstStateCodeOf(state), state).not.toBeNull();
  });

  it('reads a state as a shopper types it', () => {
    const cases: Array<[string, string]> = [
      ['Orissa', '21'],
      ['odisha', '21'],
      ['Pondicherry', '34'],
      ['Delhi', '07'],
      ['NCT of Delhi', '07'],
      ['New Delhi', '07'],
      ['Telangana', '36'],
      ['Andhra Pradesh', '37'],
      ['  tamil   NADU ', '33'],
      ['TamilNadu', '33'],
      ['Jammu & Kashmir', '01'],
      ['Uttaranchal', '05'],
      ['Daman and Diu', '26'],
    ];
    for (const [typed, code] of cases) expect(gstStateCodeOf(typed), typed).toBe(code);
    expect(gstStateCodeOf('Atlantis')).toBeNull();
    expect(gstStateCodeOf('')).toBeNull();
  });
});
