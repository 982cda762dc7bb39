/** A GST document as issued (kept in invoices.data): everything the PDF prints, amounts in paise. */
export interface InvoiceParty {
  name: string;
  address: string;
  /** GST state code ("27") and its name ("Maharashtra"). */
  stateCode: string;
  stateName: string;
  gstin: string | null;
  enrolmentNumber: string | null;
}

export interface InvoiceLine {
  description: string;
  hsnCode: string;
  quantity: number;
  /** What the buyer paid per unit, tax included. */
  unitPricePaise: number;
  gstRateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface InvoiceData {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  orderRef: string;
  orderDate: string;
  /** Credit notes: the invoice they correct. */
  originalInvoiceNumber: string | null;
  seller: InvoiceParty;
  buyer: { name: string; address: string; stateCode: string; stateName: string };
  /** The delivery state: CGST + SGST when it is the seller's, else IGST. */
  placeOfSupply: { stateCode: string; stateName: string };
  interState: boolean;
  lines: InvoiceLine[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  amountInWords: string;
}
