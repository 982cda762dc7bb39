import { useState } from 'react';
import type { Auction, Deal } from '@live-market/contract/selling';
import { serverOffset } from '../utils/server-clock';
import { AuctionCard } from './auction-card';
import { DealBanner } from './deal-banner';
import { WonBanner } from './won-banner';

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

/** This viewer won it: it ended at their bid. */
const wonBy = (auction: Auction, userId: string, isOwner: boolean) => !isOwner && auction.status === 'ended' && auction.highestBid !== null && auction.leaderId === userId;

/**
 * The flash deal banner, the auction card and the winner's banner, stacked. Each shows once seen running
 * (a deal also with a unit held for this viewer) and stays while it says it has ended, until it lets
 * go; one that had already ended when the page opened is not shown. A win stays until the winner is
 * done with it, even when the seller starts the next auction meanwhile.
 *
 * Issue 25: on a phone the stack sits under the video, never over it (the video there is a 16:9 strip
 * with its own controls at the foot); while a deal or an auction runs it takes the featured product's
 * place (StreamView hides that card under `data-selling`). From md up it floats over the video's corner.
 */
export function SellingOverlay({ deal, auction, streamId, userId, isOwner, onGrabDeal }: SellingOverlayProps) {
  const [shownDeal, setShownDeal] = useState<string | null>(null);
  const [shownAuction, setShownAuction] = useState<string | null>(null);
  const [won, setWon] = useState<Auction | null>(null);
  // The last copy of the shown auction: the server stops naming an ended auction after a while (30 s),
  // and a refetch then (a language change refetches everything) must not take the seller's result away.
  const [lastSeen, setLastSeen] = useState<Auction | null>(null);
  if (deal && (deal.isActive || isHeld(deal)) && shownDeal !== deal.id) setShownDeal(deal.id);
  if (auction?.status === 'active' && shownAuction !== auction.id) setShownAuction(auction.id);
  if (auction && auction.id === shownAuction && auction !== lastSeen) setLastSeen(auction);
  // Seen ending at this viewer's bid: kept apart from the room's current auction, which moves on.
  if (auction && auction.id === shownAuction && wonBy(auction, userId, isOwner)) {
    setWon(auction);
    setShownAuction(null);
  }
  // The kept win follows its auction while the room still has it (its time to pay comes with it).
  const wonNow = won && auction?.id === won.id && auction.status === 'ended' ? auction : won;
  const showDeal = deal && deal.id === shownDeal;
  const shown = auction && auction.id === shownAuction ? auction : lastSeen?.id === shownAuction && lastSeen?.status === 'ended' ? lastSeen : null;
  const showAuction = shown !== null;
  if (!showDeal && !showAuction && !wonNow) return null;
  return (
    <div
      data-selling={showDeal || showAuction ? '' : undefined}
      className="pointer-events-none flex flex-col gap-1 bg-background px-2 py-1.5 md:absolute md:top-14 md:right-3 md:z-20 md:w-96 md:gap-1.5 md:bg-transparent md:p-0"
    >
      {showDeal ? <DealBanner deal={deal} isOwner={isOwner} streamId={streamId} onGrab={onGrabDeal} onDone={() => setShownDeal(null)} /> : null}
      {shown ? <AuctionCard auction={shown} isOwner={isOwner} streamId={streamId} userId={userId} onDone={() => setShownAuction(null)} /> : null}
      {wonNow ? <WonBanner key={wonNow.id} auction={wonNow} onDone={() => setWon(null)} /> : null}
    </div>
  );
}
