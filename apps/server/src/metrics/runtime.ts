import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { MediaServer } from '@live-market/media';
import type { Database } from '../db/client.js';
import type { Hub } from '../realtime/hub.js';
import { sharedReading } from './shared.js';

export interface RuntimeSources {
  database: Database;
  redis?: Redis;
  hub: Pick<Hub, 'connectionCount' | 'viewerCounts' | 'onChatFanout'>;
  media: MediaServer | null;
  log: FastifyBaseLogger;
}

/** Shows in livemarket_show_viewers: the biggest, so a day of many small shows cannot grow the series without end. */
export const SHOWN_SHOWS = 50;

/** Gauges of this instance's own state: database pool, Redis, sockets, chat fan-out, viewers, media nodes. */
export function registerRuntimeMetrics(registry: Registry, sources: RuntimeSources): void {
  const { database, redis, hub, media, log } = sources;

  new Gauge({
    name: 'livemarket_db_pool_connections',
    help: 'Database pool connections by state (PGlite: one connection, in use or not)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool;
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });

  if (redis) {
    new Gauge({
      name: 'livemarket_redis_up',
      help: 'Whether this instance is connected to Redis (1) or not (0)',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }

  new Gauge({
    name: 'livemarket_ws_connections',
    help: 'WebSocket connections open on this instance',
    registers: [registry],
    collect() {
      this.set(hub.connectionCount());
    },
  });

  const fanout = new Histogram({
    name: 'livemarket_chat_fanout_seconds',
    help: 'A chat line from being published to written to every socket of its room on this instance',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  hub.onChatFanout((seconds) => fanout.observe(seconds));

  // Rooms whose show ended may stay open a while (viewers on the "ended" screen): only live ones count.
  const liveShows = sharedReading(
    'live shows',
    async () => {
      const ids = [...hub.viewerCounts().keys()];
      if (ids.length === 0) return new Set<string>();
      const found = (await database.db.execute(sql`select id from streams where is_live and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)) as unknown as { rows: Array<{ id: string }> };
      return new Set(found.rows.map((row) => row.id));
    },
    log,
  );
  new Gauge({
    name: 'livemarket_show_viewers',
    help: `Viewers of a live show (distinct users across instances), the ${SHOWN_SHOWS} biggest with viewers on this instance`,
    labelNames: ['stream_id'],
    registers: [registry],
    async collect() {
      const live = await liveShows();
      this.reset();
      if (!live) return;
      const counts = [...hub.viewerCounts()].filter(([id]) => live.has(id)).sort((a, b) => b[1] - a[1]);
      for (const [id, count] of counts.slice(0, SHOWN_SHOWS)) this.set({ stream_id: id }, count);
    },
  });

  if (!media?.nodeStats) return;
  const nodes = sharedReading('media nodes', () => media.nodeStats!(), log);
  const perNode = (name: string, help: string, value: (n: { up: boolean; viewers: number; packetLossRatio: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['node'],
      registers: [registry],
      async collect() {
        const found = await nodes();
        this.reset();
        for (const n of found ?? []) this.set({ node: n.node }, value(n));
      },
    });
  perNode('livemarket_media_node_up', 'Whether the media node answers (1) or not (0)', (n) => (n.up ? 1 : 0));
  perNode('livemarket_media_node_viewers', 'Viewers on the media node', (n) => n.viewers);
  perNode('livemarket_media_node_packet_loss_ratio', 'Packets lost of packets sent by the media node, recently', (n) => n.packetLossRatio);
}
