import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Suggestions' completions: one row per word-suffix of each product, store and show key ("oksidaisd
 * jumka set" → "oksidaisd jumka set", "jumka set", "set"), so what is typed is a prefix of a row's key
 * and a btree (text_pattern_ops) reads just the first few entries in key order. Kept in step with the
 * source rows' search_key and name by triggers (migration 0027); the source row's state (active, not
 * suspended, live or announced) is checked by a join when suggesting.
 */
export const searchCompletions = pgTable(
  'search_completions',
  {
    kind: text('kind', { enum: ['product', 'store', 'show'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('search_completions_key').using('btree', t.kind, t.key.op('text_pattern_ops')), index('search_completions_source').on(t.sourceId)],
);
