import type { LedgerLineType } from '@live-market/contract';
import type { RateBook } from './rates.js';

/** a × num ÷ den in whole paise, half rounded up, exact for any amount the database holds (BigInt). */
export function mulDiv(a: number, num: number, den: number): number {
  const sign = a < 0 ? -1n : 1n;
  const n = BigInt(Math.abs(a)) * BigInt(num);
  const d = BigInt(den);
  return Number((sign * (2n * n + d)) / (2n * d));
}

/** The price less the product's GST in it: what GST calls the taxable value (prices include GST). */
export function taxableOf(grossPaise: number, gstRateBp: number): number {
  return mulDiv(grossPaise, 10_000, 10_000 + gstRateBp);
}

export interface SaleItem {
  grossPaise: number;
  gstRateBp: number;
  category: string | null;
}

export interface DraftLine {
  type: Extract<LedgerLineType, 'sale' | 'commission' | 'commission_gst' | 'tcs' | 'tds'>;
  amountPaise: number;
  rateBp: number | null;
  basePaise: number | null;
}

/**
 * What one sold item puts in the seller's ledger: the sale, less commission and its GST, less TCS on
 * the taxable value, less TDS on the gross (5% without a PAN). Zero amounts are left out.
 */
export function saleLines(item: SaleItem, rates: RateBook, day: string, hasPan: boolean): DraftLine[] {
  const commissionBp = rates.on('commission', day, item.category);
  const commission = mulDiv(item.grossPaise, commissionBp, 10_000);
  const commissionGstBp = rates.on('commission_gst', day);
  const tcsBp = rates.on('tcs', day);
  const tdsBp = rates.on(hasPan ? 'tds' : 'tds_no_pan', day);
  const taxable = taxableOf(item.grossPaise, item.gstRateBp);
  const lines: DraftLine[] = [
    { type: 'sale', amountPaise: item.grossPaise, rateBp: null, basePaise: taxable },
    { type: 'commission', amountPaise: -commission, rateBp: commissionBp, basePaise: item.grossPaise },
    { type: 'commission_gst', amountPaise: -mulDiv(commission, commissionGstBp, 10_000), rateBp: commissionGstBp, basePaise: commission },
    { type: 'tcs', amountPaise: -mulDiv(taxable, tcsBp, 10_000), rateBp: tcsBp, basePaise: taxable },
    { type: 'tds', amountPaise: -mulDiv(item.grossPaise, tdsBp, 10_000), rateBp: tdsBp, basePaise: item.grossPaise },
  ];
  return lines.filter((l) => l.amountPaise !== 0);
}

/** Rupees as the API sends them: "799", "-39.95" (no trailing ".00"). */
export function paiseToRupeeString(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${rupees}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** Units of an item refunded: `after` of its `of` units will have gone back once this refund is made. */
export interface RefundUnits {
  after: number;
  of: number;
}

/**
 * What a refund takes back from one earning line that has `reversed` of its `amount` taken back
 * already (same sign as the line): the rest, or for part of the item, the line's share of the units
 * refunded so far less what went before. Shares are cumulative, so the parts add up to the whole line
 * to the paisa however the units are split, and no refund takes back more than the line.
 */
export function reversalOf(amount: number, reversed: number, units?: RefundUnits): number {
  const target = !units || units.after >= units.of ? amount : mulDiv(amount, units.after, units.of);
  const delta = target - reversed;
  return Math.sign(delta) === Math.sign(amount) ? delta : 0;
}
