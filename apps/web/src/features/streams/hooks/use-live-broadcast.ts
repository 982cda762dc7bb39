import { useSyncExternalStore } from 'react';
import { getBroadcast, subscribeBroadcast, type Broadcast } from '../media/live-broadcast';

/** The tab's live broadcast (null when the seller is not publishing), re-rendering on every change. */
export function useBroadcast(): Broadcast | null {
  return useSyncExternalStore(subscribeBroadcast, getBroadcast, () => null);
}
