import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import {
  CurrentUser,
  ErrorBody,
  LoginStartBody,
  LoginStartReply,
  LoginVerifyBody,
  LoginVerifyReply,
  UNAUTHORIZED_MESSAGE,
  ProfilePatchBody,
} from '@live-market/contract';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Limiter } from '../../plugins/limits.js';
import { HttpError } from '../../plugins/errors.js';
import type { Auth } from './auth.js';
import { LOGIN_SCRIPT, loginPageHtml } from './login-page.js';
import { logoutPageHtml } from './logout-page.js';
import { languageChosen, languageOf } from '../../i18n/index.js';
import { safeReturnTo } from './return-to.js';
import { recordConsent } from '../privacy/consents.js';
import { eq } from 'drizzle-orm';
import { suspensionOf } from './operators.js';
import { session } from './tables.js';
import { ProfileError, getCurrentUser, setFirstNameIfMissing, saveSignInLanguage, updateProfile, type StoreOf } from './service.js';
import { currentUserId, forgetSession, forwardCookies, readSession, requireUser, type SessionUser } from './session.js';

export interface AuthRoutesOptions {
  auth: Auth;
  db: Db;
  config: Config;
  limiter: Limiter;
  /** Development only: the code just sent to a destination, shown on the sign-in page. */
  takeDevCode?: (destination: string) => string | undefined;
  /** The user's store, for /api/auth/user (from the sellers module). */
  storeOf: StoreOf;
  /** Called once a session has ended, so the sockets opened under it close on every instance. */
  onSessionEnded?: (user: SessionUser) => Promise<void>;
}

/**
 * SPEC: sign-out is "sending the browser to /api/logout". Only a top-level navigation from our own
 * pages (or typed in the address bar) ends the session; an <img>, a fetch or another site's link
 * gets a page asking to confirm instead (Fetch Metadata).
 */
function isOwnNavigation(headers: Record<string, string | string[] | undefined>): boolean {
  const site = headers['sec-fetch-site'];
  return headers['sec-fetch-dest'] === 'document' && (site === 'same-origin' || site === 'none');
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 502: ErrorBody };

function destinationOf(body: LoginStartBody): string {
  return body.method === 'phone' ? `+91${body.phoneNumber}` : body.email;
}

function displayDestination(destination: string): string {
  return destination.startsWith('+91') ? `+91 ${destination.slice(3, 8)} ${destination.slice(8)}` : destination;
}

// better-auth's OTP errors, in words a shopper understands.
function otpFailure(error: unknown): HttpError {
  if (!(error instanceof APIError)) throw error;
  const reason = String((error.body as { message?: string } | undefined)?.message ?? error.message);
  if (/too many attempts/i.test(reason)) return new HttpError(429, 'Too many wrong tries. Request a new code.');
  if (/expired/i.test(reason)) return new HttpError(400, 'This code has expired. Request a new one.');
  if (/not found/i.test(reason)) return new HttpError(400, 'No active code. Request a new one.');
  return new HttpError(400, 'That code is not right. Check it and try again.');
}

// One message per limit, each with its wait in minutes (plural forms in the catalog).
const TOO_MANY = {
  network: 'Too many codes requested from this network. Try again in {{count}} minutes.',
  phone: 'Too many codes sent to this number. Try again in {{count}} minutes.',
  email: 'Too many codes sent to this e-mail address. Try again in {{count}} minutes.',
  guesses: 'Too many sign-in attempts from this network. Try again in {{count}} minutes.',
} as const;

function tooMany(retryAfterSeconds: number, which: keyof typeof TOO_MANY): HttpError {
  return new HttpError(429, TOO_MANY[which], { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }, retryAfterSeconds);
}

export async function authRoutes(base: FastifyInstance, opts: AuthRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { auth, db, config, limiter } = opts;
  const otp = config.otp;
  // The sign-out page's form posts an empty urlencoded body; its content is never read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  const pageOptions = { showDevCodes: otp.delivery === 'console', ttlMinutes: Math.round(otp.ttlSeconds / 60) };

  app.get('/api/login', { schema: { querystring: z.object({ returnTo: z.string().optional(), lang: z.string().optional() }) } }, async (request, reply) => {
    if (await readSession(auth, request)) return reply.redirect(safeReturnTo(request.query.returnTo, config.publicOrigin));
    const page = loginPageHtml({ ...pageOptions, language: languageOf(request), returnTo: request.query.returnTo });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'cookie, accept-language').send(page);
  });

  app.get('/api/login/login.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOGIN_SCRIPT),
  );

  app.post('/api/login/start', { schema: { body: LoginStartBody, response: { 200: LoginStartReply, ...errors } } }, async (request) => {
    const destination = destinationOf(request.body);
    const window = otp.sendWindowSeconds;
    const byIp = await limiter.hit(`otp-send:ip:${request.ip}`, otp.sendLimitPerIp, window);
    if (!byIp.allowed) throw tooMany(byIp.retryAfterSeconds, 'network');
    const byDestination = await limiter.hit(`otp-send:to:${destination}`, otp.sendLimitPerDestination, window);
    if (!byDestination.allowed) throw tooMany(byDestination.retryAfterSeconds, request.body.method);
    try {
      if (request.body.method === 'phone') await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: destination } });
      else await auth.api.sendVerificationOTP({ body: { email: destination, type: 'sign-in' } });
    } catch (error) {
      request.log.error({ err: error }, 'sending a sign-in code failed');
      throw new HttpError(502, "We couldn't send the code right now. Please try again.");
    }
    const devCode = opts.takeDevCode?.(destination);
    return { sent: true as const, destination: displayDestination(destination), expiresInSeconds: otp.ttlSeconds, ...(devCode ? { devCode } : {}) };
  });

  app.post('/api/login/verify', { schema: { body: LoginVerifyBody, response: { 200: LoginVerifyReply, ...errors } } }, async (request, reply) => {
    const body = request.body;
    const destination = destinationOf(body);
    // Caps guessing across many numbers from one address; each code also allows only OTP_MAX_ATTEMPTS tries.
    const guesses = await limiter.hit(`otp-verify:ip:${request.ip}`, otp.sendLimitPerIp * otp.maxAttempts, otp.sendWindowSeconds);
    if (!guesses.allowed) throw tooMany(guesses.retryAfterSeconds, 'guesses');
    const headers = fromNodeHeaders(request.headers);
    let result: { headers: Headers; response: { user: { id: string } } };
    try {
      result =
        body.method === 'phone'
          ? await auth.api.verifyPhoneNumber({ body: { phoneNumber: destination, code: body.code }, headers, returnHeaders: true })
          : await auth.api.signInEmailOTP({ body: { email: destination, otp: body.code }, headers, returnHeaders: true });
    } catch (error) {
      throw otpFailure(error);
    }
    // Issue 28: a suspended account is told why, and the session just made goes unused.
    const suspended = await suspensionOf(db, result.response.user.id);
    if (suspended) {
      await db.delete(session).where(eq(session.userId, result.response.user.id));
      throw new HttpError(403, 'This account is suspended: {{reason}}', { reason: suspended.reason });
    }
    forwardCookies(result.headers, reply);
    await setFirstNameIfMissing(db, result.response.user.id, body.firstName);
    await saveSignInLanguage(db, result.response.user.id, body.language, languageChosen(request));
    // The sign-in page showed the privacy notice in this language; going on past it is the consent.
    await recordConsent(db, result.response.user.id, body.language ?? languageOf(request));
    return { redirectTo: safeReturnTo(body.returnTo, config.publicOrigin) };
  });

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    const user = await readSession(auth, request);
    await forgetSession(auth, request);
    try {
      const { headers } = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
      forwardCookies(headers, reply);
    } catch (error) {
      // Signing out without a session is fine: there is nothing to end.
      if (!(error instanceof APIError)) throw error;
    }
    if (user) await opts.onSessionEnded?.(user);
  }

  app.get('/api/logout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isOwnNavigation(request.headers)) return reply.type('text/html; charset=utf-8').send(logoutPageHtml(languageOf(request)));
    await endSession(request, reply);
    return reply.redirect('/');
  });

  // The confirmation page's button; the Origin check of state-changing requests guards it.
  app.post('/api/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.header('cache-control', 'no-store').redirect('/', 303);
  });

  app.get('/api/auth/user', { onRequest: requireUser(auth), schema: { response: { 200: CurrentUser, 401: ErrorBody } } }, async (request, reply) => {
    const user = await getCurrentUser(db, opts.storeOf, currentUserId(request), config.trust.operatorPhones);
    if (!user) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    return user;
  });

  app.patch(
    '/api/auth/profile',
    { onRequest: requireUser(auth), schema: { body: ProfilePatchBody, response: { 200: CurrentUser, 400: ErrorBody, 401: ErrorBody } } },
    async (request) => {
      try {
        return await updateProfile(db, opts.storeOf, currentUserId(request), request.body, config.trust.operatorPhones);
      } catch (error) {
        if (error instanceof ProfileError) throw new HttpError(error.message === UNAUTHORIZED_MESSAGE ? 401 : 400, error.message);
        throw error;
      }
    },
  );
}
