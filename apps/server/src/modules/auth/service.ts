import { eq } from 'drizzle-orm';
import type { CurrentUser, UpdateProfileBody } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { sellers, toSellerDto } from '../sellers/index.js';
import { user } from './tables.js';
import { isPlaceholderEmail } from './placeholder-email.js';

export class ProfileError extends Error {}

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const [row] = await db.select().from(user).leftJoin(sellers, eq(sellers.userId, user.id)).where(eq(user.id, userId)).limit(1);
  if (!row) return null;
  const u = row.user;
  return {
    id: u.id,
    firstName: u.firstName || null,
    lastName: u.lastName || null,
    email: isPlaceholderEmail(u.email) ? null : u.email,
    phoneNumber: u.phoneNumber,
    profileImageUrl: u.image,
    isSeller: row.sellers !== null,
    seller: row.sellers ? toSellerDto(row.sellers) : null,
  };
}

// The e-mail is read-only: it may be sent back unchanged (or empty), never changed here.
export async function updateProfile(db: Db, userId: string, body: Required<UpdateProfileBody>): Promise<CurrentUser> {
  const current = await getCurrentUser(db, userId);
  if (!current) throw new ProfileError('Unauthorized');
  if (body.email && body.email.toLowerCase() !== (current.email ?? '').toLowerCase()) {
    throw new ProfileError('Your e-mail address cannot be changed here.');
  }
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim() || null;
  await db
    .update(user)
    .set({ firstName, lastName, name: [firstName, lastName].filter(Boolean).join(' '), updatedAt: new Date() })
    .where(eq(user.id, userId));
  return { ...current, firstName, lastName };
}

export async function setFirstNameIfMissing(db: Db, userId: string, firstName: string | undefined) {
  if (!firstName) return;
  const [row] = await db.select({ firstName: user.firstName }).from(user).where(eq(user.id, userId));
  if (row && !row.firstName) await db.update(user).set({ firstName, name: firstName, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** How a person appears to others (chat, notifications): "Priya S.", or "Shopper" without a name. */
export function displayName(u: { firstName: string | null; lastName: string | null }): string {
  const first = u.firstName?.trim();
  if (!first) return 'Shopper';
  const initial = u.lastName?.trim()?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export async function findDisplayName(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, userId));
  return row ? displayName(row) : 'Shopper';
}
