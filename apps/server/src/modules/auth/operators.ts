import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { operatorGrants, user } from './tables.js';

/**
 * Issue 28: who runs the marketplace. The phones in OPERATOR_PHONES and those granted with
 * `npm run admin -- grant-operator`; an erased or suspended account is nobody's operator.
 */
export async function isOperator(db: Db | Tx, operatorPhones: readonly string[], userId: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: user.phoneNumber, granted: operatorGrants.phone })
    .from(user)
    .leftJoin(operatorGrants, eq(operatorGrants.phone, user.phoneNumber))
    .where(and(eq(user.id, userId), isNull(user.erasedAt), isNull(user.suspendedAt)));
  if (!row?.phone) return false;
  return row.granted !== null || operatorPhones.includes(row.phone);
}

/** Once per phone: granting again changes nothing. Returns whether this call granted it. */
export async function grantOperator(tx: Db | Tx, phone: string): Promise<boolean> {
  const rows = await tx.insert(operatorGrants).values({ phone }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Why an account may not sign in, or null. */
export async function suspensionOf(db: Db | Tx, userId: string): Promise<{ reason: string; at: Date } | null> {
  const [row] = await db.select({ at: user.suspendedAt, reason: user.suspendedReason }).from(user).where(eq(user.id, userId));
  return row?.at ? { reason: row.reason ?? '', at: row.at } : null;
}
