import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP, phoneNumber } from 'better-auth/plugins';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { account, session, user, verification } from './tables.js';
import { placeholderEmailFor } from './placeholder-email.js';
import type { OtpSender } from './otp-delivery.js';
import { scopeAuthCalls } from './context-scope.js';

export const AUTH_BASE_PATH = '/api/identity';
const SESSION_DAYS = 30;

export function createAuth(config: Config, db: Db, sendOtp: OtpSender) {
  return scopeAuthCalls(betterAuth({
    appName: 'LiveMarket',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: [config.publicOrigin],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // Sign-in limits are ours (per destination and per IP, shared through Redis): see login routes.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'lm',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: config.otp.ttlSeconds,
        allowedAttempts: config.otp.maxAttempts,
        sendOTP: ({ phoneNumber: to, code }) => sendOtp(to, code),
        signUpOnVerification: { getTempEmail: placeholderEmailFor, getTempName: () => '' },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: config.otp.ttlSeconds,
        allowedAttempts: config.otp.maxAttempts,
        sendVerificationOTP: ({ email, otp }) => sendOtp(email, otp),
      }),
    ],
  }));
}

export type Auth = ReturnType<typeof createAuth>;
