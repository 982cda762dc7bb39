import { taxLine, type TaxableItem } from './compute.js';
import type { InvoiceData, InvoiceParty } from './data.js';
import { rupeesInWords } from './words.js';

export interface InvoiceInput {
  kind: InvoiceData['kind'];
  number: string;
  issuedAt: string;
  orderRef: string;
  orderDate: string;
  originalInvoiceNumber?: string | null;
  seller: InvoiceParty;
  buyer: InvoiceData['buyer'];
  placeOfSupply: InvoiceData['placeOfSupply'];
  items: TaxableItem[];
}

/**
 * A GST document from what was sold, with no database: CGST + SGST when the seller's state is the
 * place of supply, else IGST; totals are the exact sums of the lines, so the PDF always adds up.
 */
export function buildInvoiceData(input: InvoiceInput): InvoiceData {
  const interState = input.seller.stateCode !== input.placeOfSupply.stateCode;
  const lines = input.items.map((item) => taxLine(item, interState));
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const line of lines) for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += line[k];
  return {
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    orderRef: input.orderRef,
    orderDate: input.orderDate,
    originalInvoiceNumber: input.originalInvoiceNumber ?? null,
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply: input.placeOfSupply,
    interState,
    lines,
    totals,
    amountInWords: rupeesInWords(totals.totalPaise),
  };
}
