import type { FieldErrors, FieldValues } from 'react-hook-form';

/** A schema's issues as react-hook-form errors: the first message of each field, as the schema wrote it. */
export function issuesToErrors<T extends FieldValues>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return errors as FieldErrors<T>;
}
