import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from '../sellers/tables.js';

// A seller's stream key for OBS or Larix (issue 15): only its SHA-256 is kept; the key is shown once.
export const streamKeys = pgTable('stream_keys', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
