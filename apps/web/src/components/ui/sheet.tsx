import type { ComponentProps, ReactNode } from 'react';
import { Drawer } from 'vaul';
import { cn } from '@/lib/utils';

// Bottom sheets (SPEC section 2: Add/Edit Product and Start Live Stream open as bottom sheets),
// built on vaul: drag down to close, focus trapped, Escape closes. Import this only from lazily
// loaded routes: vaul and Radix Dialog stay out of the first route's JS.

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Hides the description visually; it still labels the sheet for screen readers. */
  hideDescription?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
};

export function Sheet({ open, onOpenChange, title, description, hideDescription, children, footer, className }: SheetProps) {
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} repositionInputs={false}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Drawer.Content
          // Without a description, say so explicitly (Radix Dialog warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[92dvh] w-full max-w-lg flex-col rounded-t-3xl bg-card text-card-foreground shadow-2xl outline-none',
            className,
          )}
        >
          <div className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-muted-foreground/30" aria-hidden="true" />
          <div className="px-5 pt-3 pb-2">
            <Drawer.Title className="text-lg font-bold">{title}</Drawer.Title>
            {description ? (
              <Drawer.Description className={cn('mt-1 text-sm text-muted-foreground', hideDescription && 'sr-only')}>{description}</Drawer.Description>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-4">{children}</div>
          {footer ? <div className="border-t px-5 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))]">{footer}</div> : <div className="pb-safe" />}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

export type SheetCloseProps = ComponentProps<typeof Drawer.Close>;
export const SheetClose = Drawer.Close;
