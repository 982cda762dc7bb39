import { Skeleton } from '@/components/ui/skeleton';

export function LiveStreamCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border bg-card" data-testid="stream-card-skeleton">
      <Skeleton className="aspect-video rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  );
}
