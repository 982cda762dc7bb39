import { paiseToRupeeString } from './amounts.js';
import type { ledgerLines } from './tables.js';

type LineRow = typeof ledgerLines.$inferSelect;

/** A CSV field: quoted, and text a spreadsheet would run as a formula (=, +, -, @) made inert. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const HEADER = ['date', 'type', 'amount_inr', 'rate_percent', 'order', 'payout', 'note', 'line_id'];

/** The month's statement: every ledger line, oldest first, amounts in rupees, times in IST. */
export function statementCsv(lines: LineRow[]): string {
  const rows = lines.map((l) => {
    const ist = new Date(l.createdAt.getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    return [
      ist,
      l.type,
      paiseToRupeeString(l.amountPaise),
      l.rateBp === null ? '' : (l.rateBp / 100).toString(),
      l.orderId ? `#${l.orderId.slice(-8).toUpperCase()}` : '',
      l.payoutId ?? '',
      csvField(l.note),
      l.id,
    ].join(',');
  });
  return `${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
