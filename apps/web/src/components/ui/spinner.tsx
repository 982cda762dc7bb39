import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600', className)} />
  );
}
