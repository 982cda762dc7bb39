import { z } from 'zod';

// Free text from a person. PostgreSQL cannot store U+0000 and no one types control characters or
// half an emoji (a lone surrogate): such text is refused with a 400 here, never a 500 at the database.
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the hidden control characters from this text';

const ANY_CONTROL = /[\p{Cc}\p{Cs}]/u;
// Multi-line fields keep line breaks (\n, \r) and tabs; every other control character is still refused.
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** A trimmed one-line text: names, titles, chat messages. */
export const singleLine = () => z.string().trim().refine((v) => !ANY_CONTROL.test(v), CONTROL_CHARACTERS_MESSAGE);

/** A trimmed text that may hold line breaks: descriptions, addresses. */
export const multiLine = () => z.string().trim().refine((v) => !CONTROL_EXCEPT_LINES.test(v), CONTROL_CHARACTERS_MESSAGE);

/** An opaque token a client makes up (idempotency keys): printable, no spaces. */
export const clientToken = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[\x21-\x7E]+$/, 'Use only letters, digits and punctuation');
