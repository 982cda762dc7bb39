import { useEffect, useState } from 'react';
import { getWsClient } from '@/lib/ws-connection';

/**
 * Whether the server said this stream's seller is away ("Seller reconnecting…"). Listens on the
 * tab's shared socket; the stream page has already joined the room.
 */
export function useSellerAway(streamId: string): boolean {
  const [away, setAway] = useState<{ streamId: string; away: boolean }>({ streamId, away: false });
  useEffect(() => {
    return getWsClient().subscribe((message) => {
      if (message.type === 'seller_connection' && message.streamId === streamId) setAway({ streamId, away: message.status === 'reconnecting' });
    });
  }, [streamId]);
  return away.streamId === streamId && away.away;
}
