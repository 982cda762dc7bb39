import type { PGlite } from '@electric-sql/pglite';

/** What pg-boss 10 calls on a database it was given (its `db` option) instead of opening a pool. */
export interface BossDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss over the app's PGlite client, which has one connection shared with the app. PGlite runs one
 * statement with parameters through query(); pg-boss's statements without parameters can be several
 * (its schema creation and maintenance are `BEGIN; …; COMMIT;` blocks), which need exec().
 */
export function pgliteBossDatabase(pglite: PGlite): BossDatabase {
  return {
    async executeSql(text, values) {
      try {
        if (values?.length) return await pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (err) {
        // A block that failed half-way leaves the one connection inside an aborted transaction, which
        // would fail every later query of the app; a pool would have dropped that connection instead.
        // (A query of the app's queued behind the failed block can run before this and fail once.)
        await pglite.query('ROLLBACK').catch(() => {});
        throw err;
      }
    },
  };
}
