import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { findCameraShow } from './repository.js';
import type { StreamsService } from './service.js';

/**
 * A pro camera (OBS, Larix) publishing with the seller's stream key: into the show that is live, or
 * else the next one announced on the dashboard, which goes live now (followers hear of it).
 */
export async function showForCamera(db: Db, streams: Pick<StreamsService, 'start'>, seller: { sellerId: string; userId: string }): Promise<string> {
  const show = await findCameraShow(db, seller.sellerId);
  if (!show) throw new HttpError(409, 'Announce your next show on the dashboard first: your camera starts it');
  if (show.isLive) return show.id;
  return (await streams.start(seller.userId, show.id)).id;
}
