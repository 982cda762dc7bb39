import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** An on/off switch: a native checkbox with role="switch", so it works with forms and assistive tech. */
export function Switch({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative inline-flex h-7 w-12 shrink-0', className)}>
      <input type="checkbox" role="switch" className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed" {...props} />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-full bg-muted-foreground/30 transition peer-checked:bg-brand-600 peer-focus-visible:ring-4 peer-focus-visible:ring-brand-500/25 peer-disabled:opacity-50"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1 left-1 size-5 rounded-full bg-white shadow transition peer-checked:translate-x-5"
      />
    </span>
  );
}
