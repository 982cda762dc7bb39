// Rupees in every language as Indian apps write them: ₹1,23,456.00 (Latin digits, lakh grouping).
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** A rupee amount (a price string like "799.50", or a number) as people read it: "₹799.50". */
export function formatRupees(amount: string | number): string {
  return rupees.format(Number(amount));
}
