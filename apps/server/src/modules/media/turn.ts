import { createHmac } from 'node:crypto';

/** How long a handed-out TURN credential works: enough to connect and to reconnect after a drop. */
export const TURN_CREDENTIAL_SECONDS = 10 * 60;

/**
 * TURN REST API credentials (draft-uberti-behave-turn-rest, as coturn's use-auth-secret checks them):
 * the username is the expiry in Unix seconds and the user, the password an HMAC-SHA1 of it with the
 * shared secret. coturn refuses it after the expiry; nothing is stored.
 */
export function turnCredentials(turn: { urls: string[]; secret: string }, userId: string, now = Date.now()) {
  const username = `${Math.floor(now / 1000) + TURN_CREDENTIAL_SECONDS}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}
