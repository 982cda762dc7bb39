import { desc, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditPage } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { displayName, user } from '../auth/index.js';
import { operatorAudit, type AUDIT_TARGETS } from './tables.js';

const PAGE = 50;
/** What the command line is called in the log: it acts with no account. */
export const CLI_OPERATOR = 'CLI';

export interface AuditLine {
  /** null: the command line. */
  operatorId: string | null;
  action: AuditAction;
  targetType: (typeof AUDIT_TARGETS)[number];
  targetId: string;
  reason: string;
  details?: AuditEntry['details'];
}

/** One line, in the caller's transaction: the action and its record commit or roll back together. */
export async function writeAudit(tx: Tx, line: AuditLine): Promise<void> {
  await tx.insert(operatorAudit).values({ ...line, details: line.details ?? {} });
}

/** A `within` for a module's action: its audit line, written inside the action's transaction. */
export const audited = (line: AuditLine) => (tx: Tx) => writeAudit(tx, line);

// The cursor is the last line's time (to the microsecond, as stored) and id: lines written in one
// transaction share their time.
const MICROS = sql<string>`to_char(${operatorAudit.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id] = cursor.split('_');
  const valid =
    at && id && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at) && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(id) &&
    // A date the database would refuse (30 February) is refused here, never sent.
    !Number.isNaN(Date.parse(at)) && new Date(at).toISOString().slice(0, 19) === at.slice(0, 19);
  if (!valid) throw new HttpError(400, 'Invalid cursor');
  return { at, id };
}

/** GET /api/admin/audit: newest first, a page at a time. */
export async function auditPage(db: Db, cursor?: string): Promise<AuditPage> {
  const after = cursor ? parseCursor(cursor) : null;
  const rows = await db
    .select({ a: operatorAudit, at: MICROS, firstName: user.firstName, lastName: user.lastName })
    .from(operatorAudit)
    .leftJoin(user, eq(user.id, operatorAudit.operatorId))
    .where(after ? sql`(${operatorAudit.createdAt}, ${operatorAudit.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined)
    .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    entries: page.map(({ a, firstName, lastName }) => ({
      id: a.id,
      operatorId: a.operatorId,
      operatorName: a.operatorId ? displayName({ firstName, lastName }) : CLI_OPERATOR,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      reason: a.reason,
      details: a.details,
      at: a.createdAt.toISOString(),
    })),
    nextCursor: rows.length > PAGE && last ? `${last.at}_${last.a.id}` : null,
  };
}
