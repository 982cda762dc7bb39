import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const base =
  'inline-flex items-center justify-center gap-2 font-semibold transition active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const variants = {
  default: 'bg-brand-gradient text-primary-foreground shadow-md shadow-rose-500/20 hover:brightness-110',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-brand-100',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  white: 'bg-white text-primary shadow-md hover:bg-brand-50',
  destructive: 'bg-destructive text-destructive-foreground hover:brightness-110',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

// Heights are minimums: a label that runs long in Tamil or Malayalam takes a second line inside its
// button instead of spilling over its neighbours. An icon button never wraps.
const sizes = {
  default: 'min-h-11 rounded-xl px-5 py-2 text-center text-sm leading-tight',
  sm: 'min-h-9 rounded-lg px-3 py-1.5 text-center text-sm leading-tight',
  lg: 'min-h-12 rounded-2xl px-6 py-2.5 text-center text-base leading-tight',
  icon: 'size-11 whitespace-nowrap rounded-full',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Class names for anything that should look like a button, such as a router link. */
export function buttonVariants({ variant = 'default', size = 'default', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
