import type { Db } from '../../db/client.js';
import { consents } from './tables.js';

/**
 * The privacy notice the sign-in page shows (login.privacy_notice, in the visitor's language). Its
 * version changes whenever its words do, so a consent names exactly what was read.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-29';

/** Signing in past the notice is the consent: once per user and version. */
export async function recordConsent(db: Db, userId: string, language: string): Promise<void> {
  await db.insert(consents).values({ userId, noticeVersion: PRIVACY_NOTICE_VERSION, language }).onConflictDoNothing();
}
