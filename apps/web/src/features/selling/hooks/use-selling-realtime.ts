import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Auction, Deal } from '@live-market/contract/selling';
import { getWsClient } from '@/lib/ws-connection';
import { getActiveAuctionQueryOptions } from '../api/get-active-auction';
import { getActiveDealQueryOptions } from '../api/get-active-deal';
import { sellingKeys } from '../api/keys';
import { endAuction, mergeAuction, mergeDeal } from '../utils/merge';
import { noteServerTime } from '../utils/server-clock';

/**
 * The stream page's flash deal and auction: fetched once when the live page opens, then kept current
 * by the room's deal_update, auction_update and auction_ended messages (the page joins the room
 * itself), and fetched again after the socket reconnects, as messages may have been missed meanwhile.
 */
export function useSellingRealtime(streamId: string, userId: string, enabled: boolean): { deal: Deal | null | undefined; auction: Auction | null | undefined } {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const dealKey = sellingKeys.activeDeal(streamId);
    const auctionKey = sellingKeys.activeAuction(streamId);
    const client = getWsClient();
    let wasDown = false;
    const offStatus = client.onStatusChange((status) => {
      if (status === 'reconnecting') wasDown = true;
      else if (status === 'open' && wasDown) {
        wasDown = false;
        void queryClient.invalidateQueries({ queryKey: dealKey });
        void queryClient.invalidateQueries({ queryKey: auctionKey });
      }
    });
    const offMessage = client.subscribe((message) => {
      // A unit released to this viewer from the waitlist comes as a notification of their own, not to
      // the room: a waiting viewer asks for their part of the deal again.
      if (message.type === 'notifications_unread') {
        if (queryClient.getQueryData<Deal | null>(dealKey)?.viewer?.waitlisted) void queryClient.invalidateQueries({ queryKey: dealKey });
        return;
      }
      if (!('streamId' in message) || message.streamId !== streamId) return;
      if (message.type === 'deal_update') {
        noteServerTime(message.deal.serverNow);
        const deal = queryClient.setQueryData<Deal | null>(dealKey, (cached) => mergeDeal(cached, message.deal));
        // A unit released from a sold-out deal may now be held for this viewer: only their GET says so.
        if (deal?.viewer?.waitlisted) void queryClient.invalidateQueries({ queryKey: dealKey });
      } else if (message.type === 'auction_update') {
        noteServerTime(message.auction.serverNow);
        queryClient.setQueryData<Auction | null>(auctionKey, (cached) => mergeAuction(cached, message.auction, userId));
      } else if (message.type === 'auction_ended') {
        const known = queryClient.getQueryData<Auction | null>(auctionKey)?.id === message.auctionId;
        if (known) queryClient.setQueryData<Auction | null>(auctionKey, (cached) => endAuction(cached, message));
        else void queryClient.invalidateQueries({ queryKey: auctionKey });
      }
    });
    return () => {
      offStatus();
      offMessage();
    };
  }, [queryClient, streamId, userId, enabled]);

  const { data: deal } = useQuery({ ...getActiveDealQueryOptions(streamId), enabled });
  const { data: auction } = useQuery({ ...getActiveAuctionQueryOptions(streamId), enabled });
  return { deal, auction };
}
