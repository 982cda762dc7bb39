import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { isLanguageCode, type CurrentUser, type LanguageCode, type ProfilePatchBody, type Seller } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { session, user } from './tables.js';
import { isPlaceholderEmail } from './placeholder-email.js';
import { isOperator } from './operators.js';

export class ProfileError extends Error {}

/**
 * The user's store, if any. The sellers module answers it (app.ts wires it in), so that auth, which
 * every module uses for sessions, imports nothing of theirs.
 */
export type StoreOf = (userId: string) => Promise<Seller | null>;

export async function getCurrentUser(db: Db, storeOf: StoreOf, userId: string, operatorPhones: readonly string[] = []): Promise<CurrentUser | null> {
  const [[u], seller, operator] = await Promise.all([db.select().from(user).where(eq(user.id, userId)).limit(1), storeOf(userId), isOperator(db, operatorPhones, userId)]);
  if (!u) return null;
  return {
    id: u.id,
    firstName: u.firstName || null,
    lastName: u.lastName || null,
    email: isPlaceholderEmail(u.email) ? null : u.email,
    phoneNumber: u.phoneNumber,
    profileImageUrl: u.image,
    isSeller: seller !== null,
    seller,
    language: isLanguageCode(u.language) ? u.language : null,
    pushEnabled: u.pushEnabled,
    isOperator: operator,
  };
}

// The e-mail is read-only: it may be sent back unchanged (or empty), never changed here.
export async function updateProfile(db: Db, storeOf: StoreOf, userId: string, body: ProfilePatchBody, operatorPhones: readonly string[] = []): Promise<CurrentUser> {
  const current = await getCurrentUser(db, storeOf, userId, operatorPhones);
  if (!current) throw new ProfileError('Unauthorized');
  if (body.email && body.email.toLowerCase() !== (current.email ?? '').toLowerCase()) {
    throw new ProfileError('Your e-mail address cannot be changed here.');
  }
  const next = { ...current };
  const changes: Partial<typeof user.$inferInsert> = { updatedAt: new Date() };
  if (body.firstName !== undefined) {
    next.firstName = body.firstName.trim();
    next.lastName = body.lastName?.trim() || null;
    Object.assign(changes, { firstName: next.firstName, lastName: next.lastName, name: [next.firstName, next.lastName].filter(Boolean).join(' ') });
  }
  if (body.language !== undefined) next.language = changes.language = body.language;
  if (body.pushEnabled !== undefined) next.pushEnabled = changes.pushEnabled = body.pushEnabled;
  await db.update(user).set(changes).where(eq(user.id, userId));
  return next;
}

/**
 * The language of the sign-in page the person just used. A choice made on this device before signing
 * in (the landing or sign-in picker) becomes the account's; otherwise only an account that never
 * chose takes it, so an account's language follows its owner to a new phone.
 */
export async function saveSignInLanguage(db: Db, userId: string, language: LanguageCode | undefined, chosenHere: boolean) {
  if (!language) return;
  await db
    .update(user)
    .set({ language })
    .where(chosenHere ? eq(user.id, userId) : and(eq(user.id, userId), isNull(user.language)));
}

export async function setFirstNameIfMissing(db: Db, userId: string, firstName: string | undefined) {
  if (!firstName) return;
  const [row] = await db.select({ firstName: user.firstName }).from(user).where(eq(user.id, userId));
  if (row && !row.firstName) await db.update(user).set({ firstName, name: firstName, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** What a person without a name is called; notifications translate it (the catalog's `shopper`). */
export const NAMELESS = 'Shopper';

/** How a person appears to others (chat, notifications): "Priya S.", or "Shopper" without a name. */
export function displayName(u: { firstName: string | null; lastName: string | null }): string {
  const first = u.firstName?.trim();
  if (!first) return NAMELESS;
  const initial = u.lastName?.trim()?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export async function findDisplayName(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, userId));
  return row ? displayName(row) : NAMELESS;
}

/** Which of these sessions still exist and have not expired (the database is the record of sign-outs). */
export async function activeSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, sessionIds), gt(session.expiresAt, new Date())));
  return new Set(rows.map((r) => r.id));
}
