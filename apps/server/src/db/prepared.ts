import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serialize } from 'pg-protocol';
import type { Db } from './types.js';

/** A row as PostgreSQL sends it in text format: one string (or null) a column. */
export type TextRow = (string | null)[];

// The statement is gone (a new backend) or its plan no longer fits (the schema changed): parse it again.
const PARSE_AGAIN = new Set(['26000', '0A000']);
const RAW_TEXT = { getTypeParser: () => (value: string) => value };
// One text per name, and one "parsed on" record per name: a name defined twice shares it (PGlite refuses a
// second Parse of a name it has), a name reused for another statement is a mistake caught at start.
const statements = new Map<string, { text: string; parsedOn: WeakSet<PGlite> }>();

/**
 * A statement for the hottest writes (a chat line, decision 059), parsed once per connection and then
 * only bound and executed. On PostgreSQL that is node-postgres's named statement; on PGlite, whose
 * `query()` makes six calls into the engine (parse, describe, bind, describe, execute, sync) and plans
 * the statement each time, it is one call with Bind, Execute and Sync — ~0.35 ms instead of ~1.7 ms.
 * Values go as text (booleans as 't'/'f'); rows come back as text, in column order.
 */
export function preparedStatement(name: string, text: string) {
  const known = statements.get(name);
  if (known && known.text !== text) throw new Error(`preparedStatement ${name}: the name is taken by another statement`);
  const { parsedOn } = known ?? { parsedOn: new WeakSet<PGlite>() };
  statements.set(name, { text, parsedOn });

  async function onPglite(client: PGlite, values: TextRow): Promise<TextRow[]> {
    const bound = Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]);
    // Both locks, as `query()` takes them: a statement must not land inside someone else's transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        // As query() does: a line arriving while the database closes gets PGlite's own error, not a torn-down engine.
        await client._checkReady();
        for (let attempt = 0; ; attempt++) {
          if (!parsedOn.has(client)) {
            await client.execProtocol(Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.sync()]), { syncToFs: false });
            parsedOn.add(client);
          }
          try {
            // syncToFs does nothing on Node's file system or in memory; a transaction's end is the engine's business.
            const { messages } = await client.execProtocol(bound, { syncToFs: false });
            const rows: TextRow[] = [];
            for (const message of messages) if (message.name === 'dataRow') rows.push((message as unknown as { fields: TextRow }).fields);
            return rows;
          } catch (err) {
            const code = (err as { code?: string }).code;
            if (attempt > 0 || !code || !PARSE_AGAIN.has(code)) throw err;
            parsedOn.delete(client);
            await client.execProtocol(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
          }
        }
      }),
    );
  }

  return async function run(db: Db, values: TextRow): Promise<TextRow[]> {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof PGlite) return onPglite(client, values);
    // Prepared once per pooled connection. Nothing here drops a statement on a connection; a pooler in front
    // of PostgreSQL must keep protocol-level named statements (PgBouncer ≥ 1.21 with max_prepared_statements).
    if (client instanceof pg.Pool || client instanceof pg.Client) {
      const result = await client.query({ name, text, values, rowMode: 'array', types: RAW_TEXT });
      return result.rows as TextRow[];
    }
    throw new Error(`preparedStatement ${name}: not a PGlite or node-postgres database`);
  };
}
