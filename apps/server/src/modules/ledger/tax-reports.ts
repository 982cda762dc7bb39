import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paiseToRupeeString } from './amounts.js';
import { csvField } from './statement.js';

type Rows<T> = { rows: T[] };
const IST = '+05:30';

function monthBounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [new Date(`${month}-01T00:00:00${IST}`), new Date(`${next}-01T00:00:00${IST}`)];
}
const rupees = (paise: string | number) => paiseToRupeeString(Number(paise));

/**
 * GSTR-8 (TCS collected by the e-commerce operator), one row per supplier GSTIN for the month: the
 * taxable value supplied, the taxable value returned (refunds), the net, and the TCS on it.
 * Sellers without a GSTIN (enrolment numbers) are listed under their enrolment number.
 */
export async function gstr8Csv(db: Db, month: string): Promise<string> {
  const [from, to] = monthBounds(month);
  const found = (await db.execute(sql`
    select coalesce(b.gstin, b.enrolment_number, '') as gstin, coalesce(b.legal_name, s.store_name) as name,
      coalesce(sum(l.base_paise) filter (where l.type = 'tcs'), 0) as gross,
      coalesce(-sum(l.base_paise) filter (where l.type = 'reversal' and o.type = 'tcs'), 0) as returns,
      coalesce(-sum(l.amount_paise) filter (where l.type = 'tcs' or (l.type = 'reversal' and o.type = 'tcs')), 0) as tcs
    from ledger_lines l
    join sellers s on s.id = l.seller_id
    left join seller_business b on b.seller_id = l.seller_id
    left join ledger_lines o on o.id = l.reverses
    where l.created_at >= ${from.toISOString()}::timestamptz and l.created_at < ${to.toISOString()}::timestamptz
      and (l.type = 'tcs' or (l.type = 'reversal' and o.type = 'tcs'))
    group by 1, 2 order by 1, 2`)) as unknown as Rows<{ gstin: string; name: string; gross: string; returns: string; tcs: string }>;
  const header = 'supplier_gstin,supplier_name,gross_value_of_supplies,value_of_returns,net_amount_liable_for_tcs,tcs_collected';
  const rows = found.rows.map((r) => [r.gstin, csvField(r.name), rupees(r.gross), rupees(r.returns), rupees(Number(r.gross) - Number(r.returns)), rupees(r.tcs)].join(','));
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

/**
 * Form 26Q rows (TDS under section 194-O) for the month: per seller, the gross amount credited, the
 * rate, the tax deducted (net of reversals), and the PAN ("PANNOTAVBL" when there is none: 5%).
 */
export async function form26qCsv(db: Db, month: string): Promise<string> {
  const [from, to] = monthBounds(month);
  const found = (await db.execute(sql`
    select coalesce(b.pan, 'PANNOTAVBL') as pan, coalesce(b.legal_name, s.store_name) as name,
      coalesce(l.rate_bp, o.rate_bp) as rate_bp,
      sum(l.base_paise) as gross, -sum(l.amount_paise) as tds, max(l.created_at) as last_at
    from ledger_lines l
    join sellers s on s.id = l.seller_id
    left join seller_business b on b.seller_id = l.seller_id
    left join ledger_lines o on o.id = l.reverses
    where l.created_at >= ${from.toISOString()}::timestamptz and l.created_at < ${to.toISOString()}::timestamptz
      and (l.type = 'tds' or (l.type = 'reversal' and o.type = 'tds'))
    group by 1, 2, 3 order by 2, 1, 3`)) as unknown as Rows<{ pan: string; name: string; rate_bp: number; gross: string; tds: string; last_at: Date | string }>;
  const header = 'section,deductee_pan,deductee_name,amount_paid_or_credited,rate_percent,tax_deducted,date_of_credit';
  const rows = found.rows.map((r) =>
    ['194O', r.pan, csvField(r.name), rupees(r.gross), (Number(r.rate_bp) / 100).toString(), rupees(r.tds), new Date(new Date(r.last_at).getTime() + 330 * 60_000).toISOString().slice(0, 10)].join(','),
  );
  return `${[header, ...rows].join('\r\n')}\r\n`;
}
