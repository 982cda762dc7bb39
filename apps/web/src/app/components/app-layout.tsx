import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { BottomNav } from './bottom-nav';
import { CommerceSheets } from './commerce-sheets';
import { OfflineNotice } from './offline-notice';
import { PageSpinner } from './page-spinner';

/**
 * The signed-in shell: a phone-width column with the bottom navigation fixed below it. The stream
 * page is wider on large screens, where its side panel sits beside the video.
 */
export function AppLayout({ isSeller, children }: { isSeller: boolean; children: ReactNode }) {
  const [location] = useLocation();
  const wide = location.startsWith('/stream/');
  return (
    <div className="min-h-dvh">
      <div className={cn('mx-auto pb-[calc(5rem+env(safe-area-inset-bottom))]', wide ? 'max-w-6xl' : 'max-w-3xl')}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </div>
      <OfflineNotice />
      <BottomNav isSeller={isSeller} />
      <CommerceSheets />
    </div>
  );
}
