import { useState } from 'react';
import type { Auction, Deal } from '@live-market/contract/selling';
import { serverOffset } from '../utils/server-clock';
import { AuctionCard } from './auction-card';
import { DealBanner } from './deal-banner';

type SellingOverlayProps = {
  deal: Deal | null;
  auction: Auction | null;
  streamId: string;
  userId: string;
  isOwner: boolean;
  onGrabDeal: (deal: Deal, maxQuantity: number) => void;
};

/** A unit released from a sold-out deal, held for this viewer until then (server's clock). */
const isHeld = (deal: Deal) => !!deal.viewer?.holdUntil && Date.parse(deal.viewer.holdUntil) > Date.now() + serverOffset();

/**
 * Over the video: the flash deal banner and the live auction card. Each shows once seen running (a deal
 * also with a unit held for this viewer) and stays while it says it has ended, until it lets go; one
 * that had already ended when the page opened is not shown.
 */
export function SellingOverlay({ deal, auction, streamId, userId, isOwner, onGrabDeal }: SellingOverlayProps) {
  const [shownDeal, setShownDeal] = useState<string | null>(null);
  const [shownAuction, setShownAuction] = useState<string | null>(null);
  if (deal && (deal.isActive || isHeld(deal)) && shownDeal !== deal.id) setShownDeal(deal.id);
  if (auction?.status === 'active' && shownAuction !== auction.id) setShownAuction(auction.id);
  const showDeal = deal && deal.id === shownDeal;
  const showAuction = auction && auction.id === shownAuction;
  if (!showDeal && !showAuction) return null;
  return (
    <div className="pointer-events-none absolute inset-x-2 top-14 z-20 flex flex-col gap-1.5 md:right-3 md:left-auto md:w-96">
      {showDeal ? <DealBanner deal={deal} isOwner={isOwner} streamId={streamId} onGrab={onGrabDeal} onDone={() => setShownDeal(null)} /> : null}
      {showAuction ? <AuctionCard auction={auction} isOwner={isOwner} streamId={streamId} userId={userId} onDone={() => setShownAuction(null)} /> : null}
    </div>
  );
}
