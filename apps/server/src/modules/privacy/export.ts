import { eq, getTableName, inArray, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { user } from '../auth/tables.js';

/** Columns never handed out, even to their owner: what signs in or signs requests. */
const SECRET = /token|password|secret|hash/i;

/**
 * Rows that belong to a row of the user's without naming the user: an order's lines and timeline, a
 * ticket's messages, a return's items. Only these: a store's orders, say, are other people's data.
 */
const CHILDREN: Record<string, Array<{ table: string; column: string }>> = {
  orders: [
    { table: 'order_items', column: 'order_id' },
    { table: 'order_events', column: 'order_id' },
  ],
  support_tickets: [{ table: 'support_messages', column: 'ticket_id' }],
  returns: [
    { table: 'return_items', column: 'return_id' },
    { table: 'return_events', column: 'return_id' },
  ],
};

const TABLES = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
const byName = new Map(TABLES.map((t) => [getTableName(t), t]));

function columnNamed(table: PgTable, name: string): PgColumn {
  const column = getTableConfig(table).columns.find((c) => c.name === name);
  if (!column) throw new Error(`${getTableName(table)} has no column ${name}`);
  return column;
}

/** Every (table, column) whose column points at a user: the schema walked, so a new table is never missed. */
export function userColumns(): Array<{ table: PgTable; column: PgColumn }> {
  return TABLES.flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      return ref.foreignTable === user ? ref.columns.map((column) => ({ table, column: column as PgColumn })) : [];
    }),
  );
}

const withoutSecrets = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET.test(key)));

/** GET /api/me/export: everything held about the user, table by table, secrets left out. */
export async function exportUserData(db: Db, userId: string) {
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  const tables: Record<string, Record<string, unknown>[]> = {};
  const add = (table: PgTable, rows: Record<string, unknown>[]) => {
    if (!rows.length) return;
    const name = getTableName(table);
    const seen = new Set((tables[name] ?? []).map((r) => JSON.stringify(r)));
    tables[name] = [...(tables[name] ?? []), ...rows.map((r) => withoutSecrets(r)).filter((r) => !seen.has(JSON.stringify(r)))];
  };
  for (const { table, column } of userColumns()) {
    const rows = (await db.select().from(table).where(eq(column, userId))) as Record<string, unknown>[];
    add(table, rows);
    const children = column.name === 'user_id' ? (CHILDREN[getTableName(table)] ?? []) : [];
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    for (const child of children) {
      const childTable = byName.get(child.table)!;
      if (ids.length) add(childTable, (await db.select().from(childTable).where(inArray(columnNamed(childTable, child.column), ids))) as Record<string, unknown>[]);
    }
  }
  return { exportedAt: new Date().toISOString(), profile: profile ? withoutSecrets(profile) : null, tables };
}
