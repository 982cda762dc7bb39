import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { user } from '../auth/tables.js';

/**
 * The privacy notice the sign-in page shows (login.privacy_notice, in the visitor's language). Its
 * version changes whenever its words do, so a consent names exactly what was read.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';

/** Each notice a user went on past, with the language they read it in (the DPDP Act's record of consent). */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    noticeVersion: text('notice_version').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consents_user_version_uq').on(t.userId, t.noticeVersion)],
);

/** Signing in past the notice is the consent: once per user and version. */
export async function recordConsent(db: Db, userId: string, language: string): Promise<void> {
  await db.insert(consents).values({ userId, noticeVersion: PRIVACY_NOTICE_VERSION, language }).onConflictDoNothing();
}
