import { z } from 'zod';
import { multiLine, singleLine } from './text.js';

// PAN: 5 letters, 4 digits, 1 letter; the 4th letter says who holds it (P person, C company, ...).
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHLJPTE][A-Z][0-9]{4}[A-Z]$/;
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GST_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// State codes used in GSTINs (01-38, plus 97 other territory and 99 centre jurisdiction).
function isStateCode(code: number) {
  return (code >= 1 && code <= 38) || code === 97 || code === 99;
}

/** The GSTIN check character: mod 36 over the first 14 characters, alternate weights 1 and 2. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = GST_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GST_CHARS[(36 - (sum % 36)) % 36]!;
}

export function isValidGstin(gstin: string): boolean {
  if (!GSTIN_PATTERN.test(gstin)) return false;
  if (!isStateCode(Number(gstin.slice(0, 2)))) return false;
  if (!PAN_PATTERN.test(gstin.slice(2, 12))) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

// SPEC 5 messages first; the server also checks the PAN's format and the GSTIN's check character.
export const VerificationBody = z
  .object({
    businessName: singleLine().min(1, 'Business name is required').max(120, 'Business name is too long'),
    businessAddress: multiLine().min(1, 'Business address is required').max(500, 'Business address is too long'),
    businessPhone: singleLine().min(10, 'Valid phone number required').max(20, 'Valid phone number required'),
    gstNumber: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v || undefined),
    panNumber: z.string().trim().toUpperCase().min(10, 'PAN number required').max(10, 'PAN number required'),
  })
  .superRefine((body, ctx) => {
    if (!PAN_PATTERN.test(body.panNumber)) {
      ctx.addIssue({ code: 'custom', path: ['panNumber'], message: 'Enter a valid PAN, like ABCPE1234F' });
    }
    if (body.gstNumber !== undefined) {
      if (!isValidGstin(body.gstNumber)) ctx.addIssue({ code: 'custom', path: ['gstNumber'], message: 'Enter a valid 15-character GSTIN' });
      else if (body.gstNumber.slice(2, 12) !== body.panNumber) {
        ctx.addIssue({ code: 'custom', path: ['gstNumber'], message: 'The GSTIN must contain your PAN' });
      }
    }
  });
export type VerificationBody = z.input<typeof VerificationBody>;

export const VerificationSubmission = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.iso.datetime(),
});
export type VerificationSubmission = z.infer<typeof VerificationSubmission>;
