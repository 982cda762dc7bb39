import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later Tailwind classes do not override earlier ones, so components avoid conflicts. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
