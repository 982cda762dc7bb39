import type { FastifyInstance, FastifyReply } from 'fastify';
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
  UpdateProfileBody,
} from '@live-market/contract';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Limiter } from '../../plugins/limits.js';
import type { Auth } from './auth.js';
import { LOGIN_SCRIPT, loginPageHtml } from './login-page.js';
import { safeReturnTo } from './return-to.js';
import { ProfileError, getCurrentUser, setFirstNameIfMissing, updateProfile } from './service.js';
import { currentUserId, forgetSession, forwardCookies, readSession, requireUser } from './session.js';

export interface AuthRoutesOptions {
  auth: Auth;
  db: Db;
  config: Config;
  limiter: Limiter;
  /** Development only: the code just sent to a destination, shown on the sign-in page. */
  takeDevCode?: (destination: string) => string | undefined;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 502: ErrorBody };

function destinationOf(body: LoginStartBody): string {
  return body.method === 'phone' ? `+91${body.phoneNumber}` : body.email;
}

function displayDestination(destination: string): string {
  return destination.startsWith('+91') ? `+91 ${destination.slice(3, 8)} ${destination.slice(8)}` : destination;
}

// better-auth's OTP errors, in words a shopper understands.
function otpFailure(error: unknown): { status: 400 | 429; message: string } {
  if (!(error instanceof APIError)) throw error;
  const reason = String((error.body as { message?: string } | undefined)?.message ?? error.message);
  if (/too many attempts/i.test(reason)) return { status: 429, message: 'Too many wrong tries. Request a new code.' };
  if (/expired/i.test(reason)) return { status: 400, message: 'This code has expired. Request a new one.' };
  if (/not found/i.test(reason)) return { status: 400, message: 'No active code. Request a new one.' };
  return { status: 400, message: 'That code is not right. Check it and try again.' };
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: string) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ message: `${message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
}

export async function authRoutes(base: FastifyInstance, opts: AuthRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { auth, db, config, limiter } = opts;
  const otp = config.otp;
  const page = loginPageHtml({ showDevCodes: otp.delivery === 'console', ttlMinutes: Math.round(otp.ttlSeconds / 60) });

  app.get('/api/login', { schema: { querystring: z.object({ returnTo: z.string().optional() }) } }, async (request, reply) => {
    if (await readSession(auth, request)) return reply.redirect(safeReturnTo(request.query.returnTo, config.publicOrigin));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });

  app.get('/api/login/login.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOGIN_SCRIPT),
  );

  app.post('/api/login/start', { schema: { body: LoginStartBody, response: { 200: LoginStartReply, ...errors } } }, async (request, reply) => {
    const destination = destinationOf(request.body);
    const window = otp.sendWindowSeconds;
    const byIp = await limiter.hit(`otp-send:ip:${request.ip}`, otp.sendLimitPerIp, window);
    if (!byIp.allowed) return tooMany(reply, byIp.retryAfterSeconds, 'Too many codes requested from this network.');
    const byDestination = await limiter.hit(`otp-send:to:${destination}`, otp.sendLimitPerDestination, window);
    if (!byDestination.allowed) {
      const what = request.body.method === 'phone' ? 'this number' : 'this e-mail address';
      return tooMany(reply, byDestination.retryAfterSeconds, `Too many codes sent to ${what}.`);
    }
    try {
      if (request.body.method === 'phone') await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: destination } });
      else await auth.api.sendVerificationOTP({ body: { email: destination, type: 'sign-in' } });
    } catch (error) {
      request.log.error({ err: error }, 'sending a sign-in code failed');
      return reply.code(502).send({ message: "We couldn't send the code right now. Please try again." });
    }
    const devCode = opts.takeDevCode?.(destination);
    return { sent: true as const, destination: displayDestination(destination), expiresInSeconds: otp.ttlSeconds, ...(devCode ? { devCode } : {}) };
  });

  app.post('/api/login/verify', { schema: { body: LoginVerifyBody, response: { 200: LoginVerifyReply, ...errors } } }, async (request, reply) => {
    const body = request.body;
    const destination = destinationOf(body);
    // Caps guessing across many numbers from one address; each code also allows only OTP_MAX_ATTEMPTS tries.
    const guesses = await limiter.hit(`otp-verify:ip:${request.ip}`, otp.sendLimitPerIp * otp.maxAttempts, otp.sendWindowSeconds);
    if (!guesses.allowed) return tooMany(reply, guesses.retryAfterSeconds, 'Too many sign-in attempts from this network.');
    const headers = fromNodeHeaders(request.headers);
    let result: { headers: Headers; response: { user: { id: string } } };
    try {
      result =
        body.method === 'phone'
          ? await auth.api.verifyPhoneNumber({ body: { phoneNumber: destination, code: body.code }, headers, returnHeaders: true })
          : await auth.api.signInEmailOTP({ body: { email: destination, otp: body.code }, headers, returnHeaders: true });
    } catch (error) {
      const failure = otpFailure(error);
      return reply.code(failure.status).send({ message: failure.message });
    }
    forwardCookies(result.headers, reply);
    await setFirstNameIfMissing(db, result.response.user.id, body.firstName);
    return { redirectTo: safeReturnTo(body.returnTo, config.publicOrigin) };
  });

  app.get('/api/logout', async (request, reply) => {
    await forgetSession(auth, request);
    try {
      const { headers } = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
      forwardCookies(headers, reply);
    } catch (error) {
      // Signing out without a session is fine: there is nothing to end.
      if (!(error instanceof APIError)) throw error;
    }
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  app.get('/api/auth/user', { preHandler: requireUser(auth), schema: { response: { 200: CurrentUser, 401: ErrorBody } } }, async (request, reply) => {
    const user = await getCurrentUser(db, currentUserId(request));
    if (!user) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    return user;
  });

  app.patch(
    '/api/auth/profile',
    { preHandler: requireUser(auth), schema: { body: UpdateProfileBody, response: { 200: CurrentUser, 400: ErrorBody, 401: ErrorBody } } },
    async (request, reply) => {
      try {
        return await updateProfile(db, currentUserId(request), request.body as Required<UpdateProfileBody>);
      } catch (error) {
        if (error instanceof ProfileError) return reply.code(400).send({ message: error.message });
        throw error;
      }
    },
  );
}
