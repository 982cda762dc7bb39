// Deals and auctions end on the server's clock (their endsAt). Each Deal and Auction carries the
// server's time when it was sent (serverNow): offset = serverNow − Date.now() on receipt. The network's
// delay only ever makes a sample smaller than the true offset, so the largest of the recent samples
// (the one that travelled fastest) is the estimate; keeping only recent ones follows a phone clock that jumps.

const SAMPLES_KEPT = 8;
let samples: number[] = [];

/** Records one sample: the server's clock in a message just received. */
export function noteServerTime(serverNow: string, receivedAt: number = Date.now()): void {
  const at = Date.parse(serverNow);
  if (!Number.isFinite(at)) return;
  samples = [...samples.slice(1 - SAMPLES_KEPT), at - receivedAt];
}

/** Milliseconds to add to Date.now() to read the server's clock (0 before any sample). */
export function serverOffset(): number {
  return samples.length ? Math.max(...samples) : 0;
}

/** Tests: forget every sample. */
export function resetServerClock(): void {
  samples = [];
}
