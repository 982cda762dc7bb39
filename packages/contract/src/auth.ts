import { z } from 'zod';
import { singleLine } from './text.js';
import { Seller } from './sellers.js';
import { LANGUAGES, type LanguageCode } from './i18n.js';

/** One of the ten languages (SPEC section 3). */
export const Language = z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]], 'Choose one of the ten languages');

export const OTP_LENGTH = 6;

// An Indian mobile number: 10 digits starting 6-9, typed with or without +91/0 and spaces.
export const IndianMobile = z
  .string()
  .transform((raw) => raw.replace(/[\s()-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit Indian mobile number'));

export const LoginDestination = z.discriminatedUnion('method', [
  z.object({ method: z.literal('phone'), phoneNumber: IndianMobile }),
  z.object({ method: z.literal('email'), email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')) }),
]);
export type LoginDestination = z.infer<typeof LoginDestination>;

export const LoginStartBody = LoginDestination;
export type LoginStartBody = z.infer<typeof LoginStartBody>;

export const LoginStartReply = z.object({
  sent: z.literal(true),
  destination: z.string(),
  expiresInSeconds: z.number().int(),
  // Only with OTP_DELIVERY=console (development): the code, shown in the "Development" box.
  devCode: z.string().optional(),
});
export type LoginStartReply = z.infer<typeof LoginStartReply>;

export const OtpCode = z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code');

const verifyExtras = {
  code: OtpCode,
  firstName: singleLine().max(50, 'First name is too long').optional(),
  returnTo: singleLine().max(2000).optional(),
  /** The sign-in page's language: a new account starts with it. */
  language: Language.optional(),
};
export const LoginVerifyBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('phone'), phoneNumber: IndianMobile, ...verifyExtras }),
  z.object({ method: z.literal('email'), email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')), ...verifyExtras }),
]);
export type LoginVerifyBody = z.infer<typeof LoginVerifyBody>;

export const LoginVerifyReply = z.object({ redirectTo: z.string() });
export type LoginVerifyReply = z.infer<typeof LoginVerifyReply>;

export const CurrentUser = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isSeller: z.boolean(),
  seller: Seller.nullable(),
  /** The language chosen on any device (null until one is chosen): the app and the server's text use it. */
  language: Language.nullable(),
  /** Web Push for reminders and shows going live (profile settings). */
  pushEnabled: z.boolean(),
  /** Issue 28: an operator (OPERATOR_PHONES or granted): the app links to /admin. */
  isOperator: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

// SPEC section 5: firstName required, lastName optional, e-mail valid and read-only.
// An account that signed in by phone has no e-mail and may send it empty.
const profileFields = {
  firstName: singleLine().min(1, 'First name is required').max(50, 'First name is too long'),
  lastName: singleLine().max(50, 'Last name is too long'),
  email: z.union([z.literal(''), z.email('Invalid email address')]),
};
export const UpdateProfileBody = z.object({
  firstName: profileFields.firstName,
  lastName: profileFields.lastName.optional().default(''),
  email: profileFields.email.optional().default(''),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

/**
 * PATCH /api/auth/profile: the settings form's fields (the same rules) and/or the language. A body
 * with a first name replaces the name (a missing last name clears it, as the form sends it).
 */
export const ProfilePatchBody = z
  .object({
    firstName: profileFields.firstName.optional(),
    lastName: profileFields.lastName.optional(),
    email: profileFields.email.optional(),
    language: Language.optional(),
    pushEnabled: z.boolean().optional(),
  })
  .refine((body) => body.firstName !== undefined || body.language !== undefined || body.pushEnabled !== undefined, 'First name is required');
export type ProfilePatchBody = z.input<typeof ProfilePatchBody>;
