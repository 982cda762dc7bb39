// drizzle wraps driver errors: the Postgres code is on `cause` (same shape on PGlite and pg).
export function isUniqueViolation(error: unknown): boolean {
  return (error as { cause?: { code?: string } })?.cause?.code === '23505';
}
