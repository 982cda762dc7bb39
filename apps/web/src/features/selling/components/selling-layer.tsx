import { lazy, Suspense, useState } from 'react';
import type { Deal } from '@live-market/contract/selling';
import { useSellingRealtime } from '../hooks/use-selling-realtime';

// Decision 015: the banner and the auction card load only once a deal or an auction runs; the page a
// shared link opens carries just this layer and its hook (150 KB budget).
const SellingOverlay = lazy(() => import('./selling-overlay').then((m) => ({ default: m.SellingOverlay })));

export type SellingLayerProps = {
  streamId: string;
  userId: string;
  isOwner: boolean;
  /** The show is live: only then is there a deal or an auction to ask about. */
  enabled: boolean;
  /** 'Grab deal': the app opens checkout at the deal price, for at most `maxQuantity` units. */
  onGrabDeal: (deal: Deal, maxQuantity: number) => void;
};

/** The stream page's flash deal and auction: asks whether one runs, and loads what shows them once one does. */
export function SellingLayer({ streamId, userId, isOwner, enabled, onGrabDeal }: SellingLayerProps) {
  const { deal, auction } = useSellingRealtime(streamId, userId, enabled);
  // Once loaded, the overlay stays and decides itself what to show.
  const [used, setUsed] = useState(false);
  if (!used && (deal?.isActive || deal?.viewer?.holdUntil || auction?.status === 'active')) setUsed(true);
  if (!used || !enabled) return null;
  return (
    <Suspense fallback={null}>
      <SellingOverlay deal={deal ?? null} auction={auction ?? null} streamId={streamId} userId={userId} isOwner={isOwner} onGrabDeal={onGrabDeal} />
    </Suspense>
  );
}
