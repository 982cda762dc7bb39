import type { LucideIcon } from 'lucide-react';

/** The quiet empty state of the Poll and Quiz tabs. */
export function EmptyEngagement({ Icon, title, body }: { Icon: LucideIcon; title?: string; body: string }) {
  return (
    <div className="flex min-h-32 flex-1 flex-col items-center justify-center gap-2 rounded-xl bg-muted/50 p-6 text-center">
      <Icon className="size-8 text-primary" aria-hidden="true" />
      {title ? <p className="font-semibold">{title}</p> : null}
      <p className="text-sm text-muted-foreground">{body}</p>
    </div>
  );
}
