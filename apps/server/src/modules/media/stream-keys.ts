import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sellers } from '../sellers/tables.js';
import { streamKeys } from './tables.js';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key for the seller (the previous one stops working); only its hash is kept. */
export async function issueStreamKey(db: Db, sellerId: string): Promise<string> {
  // 32 random bytes: a hash is as good as a slow one against guessing, and cheap to look up.
  const key = `lmk_${randomBytes(32).toString('base64url')}`;
  const row = { sellerId, keyHash: hashOf(key), createdAt: new Date() };
  await db.insert(streamKeys).values(row).onConflictDoUpdate({ target: streamKeys.sellerId, set: { keyHash: row.keyHash, createdAt: row.createdAt } });
  return key;
}

export async function streamKeyCreatedAt(db: Db, sellerId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: streamKeys.createdAt }).from(streamKeys).where(eq(streamKeys.sellerId, sellerId));
  return row?.createdAt ?? null;
}

/** The seller a key belongs to, or null for a wrong, rotated or missing key. */
export async function sellerOfStreamKey(db: Db, key: string | undefined): Promise<{ sellerId: string; userId: string } | null> {
  if (!key) return null;
  const [row] = await db
    .select({ sellerId: sellers.id, userId: sellers.userId })
    .from(streamKeys)
    .innerJoin(sellers, eq(sellers.id, streamKeys.sellerId))
    .where(eq(streamKeys.keyHash, hashOf(key)));
  return row ?? null;
}

/** `Authorization: Bearer <key>` as OBS and Larix send it. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
