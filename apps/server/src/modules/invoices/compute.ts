import type { InvoiceLine } from './data.js';

export interface TaxableItem {
  description: string;
  hsnCode: string;
  quantity: number;
  /** Tax included, as the buyer paid it. */
  unitPricePaise: number;
  gstRateBp: number;
}

/**
 * One invoice line from a tax-inclusive price: the taxable value and the GST in it, split into CGST and
 * SGST (half each, the odd paisa to SGST) within a state, IGST between states. Parts always add up.
 */
export function taxLine(item: TaxableItem, interState: boolean): InvoiceLine {
  const totalPaise = item.unitPricePaise * item.quantity;
  const taxablePaise = Number((BigInt(totalPaise) * 20_000n + BigInt(10_000 + item.gstRateBp)) / (2n * BigInt(10_000 + item.gstRateBp)));
  const tax = totalPaise - taxablePaise;
  const cgstPaise = interState ? 0 : Math.floor(tax / 2);
  return {
    ...item,
    taxablePaise,
    cgstPaise,
    sgstPaise: interState ? 0 : tax - cgstPaise,
    igstPaise: interState ? tax : 0,
    totalPaise,
  };
}

/** India's financial year (April to March) of a moment, in IST: "2026-27". */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document number GST accepts (at most 16 characters, unique per financial year): INV2627-000042,
 * CN2627-000003.
 */
export function invoiceNumber(prefix: 'INV' | 'CN', financialYear: string, serial: number): string {
  const fy = financialYear.slice(2, 4) + financialYear.slice(5, 7);
  return `${prefix}${fy}-${String(serial).padStart(6, '0')}`;
}
