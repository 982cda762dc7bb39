import { z } from 'zod';

// Issue 25: amounts and counts are read one strict way. Rupees are decimal strings ("799", "799.50"),
// never floats, "1e3" or "0x10"; at most 10 rupee digits, as the database keeps numeric(12,2).
const RUPEES = /^\d{1,10}(\.\d{1,2})?$/;
const WHOLE = /^-?\d+$/;

/** The most any amount can be, a price or an order's whole total: ₹99,99,99,99,999.99 in paise. */
export const MAX_AMOUNT_PAISE = 999_999_999_999;

/** A rupee amount as typed: digits with up to two paise digits. */
export const rupees = (message: string) => z.string().trim().regex(RUPEES, message);

/** A rupee amount above ₹0: deal prices and starting bids, which the database refuses at 0. */
export const positiveRupees = (message: string, zeroMessage: string) =>
  rupees(message).refine((value) => !RUPEES.test(value) || Number(value) > 0, zeroMessage);

/**
 * A whole number as JSON sends it, or as a form's text field holds it ("12", blank for the default).
 * z.coerce read true as 1, "0x10" as 16 and "1e3" as 1000; these now get the schema's own message.
 */
export function wholeNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return WHOLE.test(text) ? Number(text) : value;
  }, schema);
}
