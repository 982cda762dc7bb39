import { createHmac, timingSafeEqual } from 'node:crypto';

// A short-lived bearer token for an external WHIP/WHEP server (MEDIA_MODE=external): it names the
// stream, the role and the user, and is signed with MEDIA_TOKEN so the media server can check it.
export interface MediaClaims {
  streamId: string;
  userId: string;
  role: 'publish' | 'play';
  exp: number;
}

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueMediaToken(claims: Omit<MediaClaims, 'exp'>, secret: string, ttlSeconds = 300, now = Date.now()): string {
  const payload = b64(JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ttlSeconds }));
  return `${payload}.${sign(payload, secret)}`;
}

export function verifyMediaToken(token: string, secret: string, now = Date.now()): MediaClaims | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as MediaClaims;
  return claims.exp * 1000 > now ? claims : null;
}
