import { RotateCcw, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';

/** A list page whose first load failed: the message and a retry. */
export function LoadError({ message, retryLabel, onRetry, retrying }: { message: string; retryLabel: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}

/** A list page with nothing in it yet: icon, title, a line of help and one way on. */
export function EmptyPage({ Icon, title, body, href, action }: { Icon: LucideIcon; title: string; body: string; href: string; action: string }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{body}</p>
      <Link href={href} className={buttonVariants({ className: 'mt-2' })}>
        {action}
      </Link>
    </div>
  );
}
