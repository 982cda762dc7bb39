import type { RouteOptions } from 'fastify';
import { createMediaServer, JanusMedia, type MediaLogger, type MediaServer } from '@live-market/media';
import type { Money, MoneyProviders } from './app-money.js';
import type { Parcels } from './app-parcels.js';
import type { Carrier } from './modules/shipping/index.js';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import type { Clock } from './jobs/queue.js';
import type { FetchLike } from './modules/payments/index.js';
import type { PushAgent } from './modules/push/index.js';
import type { AuctionsService } from './modules/auctions/index.js';
import type { DealsService } from './modules/deals/index.js';
import type { OrderStatusService } from './modules/orders/index.js';
import type { PaymentsService } from './modules/payments/index.js';
import type { StreamsService } from './modules/streams/index.js';

// What buildApp is given, and the video engine it makes when it is given none.

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Where console-delivered codes are printed (tests capture them). */
  printOtp?: (line: string) => void;
  webDist?: string;
  /** The web build's server-rendering bundle (decision 020); tests give their own. */
  webServerDist?: string;
  /** Background jobs (abandoned streams, viewer counts, demo video); tests turn them off to drive them by hand. */
  housekeeping?: boolean;
  /** The SFU to use; undefined: the embedded one when MEDIA_MODE=embedded; null: no video on this instance. */
  media?: MediaServer | null;
  /** How the server reaches the payment gateway's API; tests answer it themselves. */
  paymentsFetch?: FetchLike;
  /**
   * The job queue (reminders): runs when `work` is true, by default when housekeeping does. Tests pass
   * a TestClock (jobs/clock.ts) to move time.
   */
  jobs?: { clock?: Clock; work?: boolean };
  /** How Web Push requests reach push services; tests trust their own HTTPS push service through it. */
  pushAgent?: PushAgent;
  /** Refund and payout providers; default: the simulated ones (tests pass the Razorpay clients on a fake). */
  moneyProviders?: MoneyProviders;
  /** The courier; default: SHIPPING_CARRIER's (tests pass the Shiprocket client on a fake). */
  carrier?: Carrier;
  /** Told of every route as it is added (the schema-driven fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** The video engine MEDIA_MODE asks for: the embedded SFU, Janus nodes, or none (an external server, or no video). */
export async function mediaFor(config: Config, logger: MediaLogger): Promise<MediaServer | null> {
  if (config.media.mode === 'embedded') return createMediaServer({ logger, recordingsDir: config.recordings.dir });
  if (config.media.mode === 'janus') {
    const { janusUrls: urls, janusViewersPerNode: viewersPerNode, janusRecordingHost: recordingHost, janusAdmin } = config.media;
    return new JanusMedia({ urls, admin: janusAdmin ?? undefined, viewersPerNode, recordingsDir: config.recordings.dir, recordingHost, logger });
  }
  return null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    streams: StreamsService;
    payments: PaymentsService;
    /** Issue 14, for tests that drive deadlines by hand. */
    selling: { deals: DealsService; auctions: AuctionsService; orderStatus: OrderStatusService };
    /** Issue 26: ledger, refunds, payouts and invoices, for tests that run jobs by hand. */
    money: Money;
    /** Issue 27: the carrier, shipments and tracking, for tests that move parcels by hand. */
    parcels: Parcels;
  }
}
