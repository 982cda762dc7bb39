import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

const variants = {
  default: 'bg-brand-gradient text-white',
  secondary: 'bg-secondary text-secondary-foreground',
  outline: 'border border-border text-foreground',
  live: 'bg-live text-white uppercase tracking-wide',
  /** An announced show (issue 13) or its replay: not live, so not red. */
  upcoming: 'bg-violet-700 text-white',
} as const;

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants };

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', variants[variant], className)} {...props} />;
}
