// The statement is a file the browser downloads (text/csv with a Content-Disposition), not data for
// the cache: the page links to it, and the session cookie goes with the click.

/** GET /api/seller/statements/{yyyy-mm}: every ledger line of the month, as CSV. */
export function statementUrl(month: string): string {
  return `/api/seller/statements/${month}`;
}
