import type { Db } from '../../db/client.js';
import { banRefusal, findActiveBans } from '../moderation/index.js';

// How long an instance trusts its copy of a store's bans: a new ban stops votes within this.
const BANS_TTL_MS = 1000;

/**
 * A poll's crowd checked against the store's bans in memory (decision 051): one read of the store's
 * active bans per second per instance instead of one query per vote. Bans are few per store.
 */
export function createBanCache(db: Db, ttlMs = BANS_TTL_MS) {
  const stores = new Map<string, { loadedAt: number; bans: Promise<Map<string, Date | null>> }>();
  // The same copies once loaded, readable without awaiting.
  const loaded = new Map<string, { loadedAt: number; bans: Map<string, Date | null> }>();

  function bansOf(sellerId: string) {
    const cached = stores.get(sellerId);
    if (cached && Date.now() - cached.loadedAt < ttlMs) return cached.bans;
    if (stores.size >= 10_000) stores.clear();
    const loadedAt = Date.now();
    const bans = findActiveBans(db, sellerId).then((rows) => {
      const copy = new Map(rows.map((r) => [r.userId, r.until]));
      if (loaded.size >= 10_000) loaded.clear();
      // Fresh from when it was asked for, like the promise's own entry.
      if ((loaded.get(sellerId)?.loadedAt ?? -1) < loadedAt) loaded.set(sellerId, { loadedAt, bans: copy });
      return copy;
    });
    const entry = { loadedAt, bans };
    stores.set(sellerId, entry);
    // A failed read is not remembered: the next vote asks again.
    bans.catch(() => stores.get(sellerId) === entry && stores.delete(sellerId));
    return bans;
  }

  function refuse(bans: Map<string, Date | null>, userId: string) {
    if (!bans.has(userId)) return;
    const until = bans.get(userId)!;
    if (until === null || until.getTime() > Date.now()) throw banRefusal(until);
  }

  return {
    /**
     * Decided from a fresh copy in memory: true when the user may vote, throws their 403 when not;
     * false when no fresh copy is here (ask assertMayVote).
     */
    checkMayVote(sellerId: string, userId: string): boolean {
      const copy = loaded.get(sellerId);
      if (!copy || Date.now() - copy.loadedAt >= ttlMs) return false;
      refuse(copy.bans, userId);
      return true;
    },
    /** Throws the same 403 as assertMayTakePart for a banned or timed-out user. */
    async assertMayVote(sellerId: string, userId: string): Promise<void> {
      refuse(await bansOf(sellerId), userId);
    },
  };
}
