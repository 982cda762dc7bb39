import { format, isValid } from 'date-fns';
import { ORDER_DATE_FORMAT } from '@live-market/contract/constants';

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** 'MMM dd, yyyy' by default (SPEC section 9); null when the date is missing or invalid. */
export function formatDate(value: Date | string | null | undefined, pattern: string = ORDER_DATE_FORMAT): string | null {
  const date = toDate(value);
  return date ? format(date, pattern) : null;
}
