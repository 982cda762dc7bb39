import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { sellers } from '../sellers/index.js';
import { streams } from './tables.js';

export interface LockedShow {
  id: string;
  sellerId: string;
  isLive: boolean;
}

/**
 * A live show its owner sells something in (a flash deal, an auction, issue 14): the stream's row is
 * locked so two such starts for one show are decided one after the other. 404 for a show that does not
 * exist, 403 for anyone but its owner, 409 when it is not live.
 */
export async function lockOwnLiveShow(tx: Tx, streamId: string, userId: string, ownerOnly: string): Promise<LockedShow> {
  const [show] = await tx
    .select({ id: streams.id, sellerId: streams.sellerId, isLive: streams.isLive, ownerId: sellers.userId })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .where(eq(streams.id, streamId))
    .for('update', { of: streams });
  if (!show) throw new HttpError(404, 'Stream not found');
  if (show.ownerId !== userId) throw new HttpError(403, ownerOnly);
  if (!show.isLive) throw new HttpError(409, 'You can only do this during a live show');
  return { id: show.id, sellerId: show.sellerId, isLive: show.isLive };
}
