import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { BOSS_SCHEMA } from '../jobs/boss-schema.js';
import { sharedReading } from './shared.js';

type Row = Record<string, unknown>;

async function rows<T extends Row>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

// Due jobs not yet taken (pg-boss's "created" and "retry" states), per queue; a queue with none shows 0.
// The job table's partial index (name, start_after) where state < 'active' serves it.
const JOBS = sql.raw(`select q.name as queue, count(j.id)::int as queued,
    coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest
  from ${BOSS_SCHEMA}.queue q
  left join ${BOSS_SCHEMA}.job j on j.name = q.name and j.state < 'active' and j.start_after <= now()
  group by q.name`);

// A cash-on-delivery refund waiting for its buyer to choose where the money goes (method null) is
// the buyer's to move, not ours: it is left out, so the age alert means a stuck refund.
const REFUNDS = sql`select count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
  from refunds where status = 'pending' and method is not null`;

// Of the orders that reached the buyer (delivered) or went out (shipped on) in the last 30 days, by
// their last change: how many came back by return, and how many the courier brought back (RTO).
const RATIOS = sql`select
    (select count(distinct order_id) from returns where created_at >= now() - interval '30 days' and status <> 'rejected')::float8 as returns,
    count(*) filter (where status = 'delivered')::float8 as delivered,
    count(*) filter (where status = 'returned_to_origin')::float8 as rto,
    count(*) filter (where status in ('shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned_to_origin'))::float8 as shipped
  from orders where updated_at >= now() - interval '30 days'`;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** Gauges read from the database at scrape time: the job queue, refunds, returns and RTO. */
export function registerBusinessGauges(registry: Registry, database: Database, log: FastifyBaseLogger): void {
  let bossReady = false;
  const jobs = sharedReading(
    'the job queue',
    async () => {
      // Until pg-boss has made its schema (an instance that does not run the queue may never), there is nothing to read.
      bossReady ||= (await rows<{ name: string | null }>(database, sql`select to_regclass(${`${BOSS_SCHEMA}.job`})::text as name`))[0]?.name != null;
      return bossReady ? rows<{ queue: string; queued: number; oldest: number }>(database, JOBS) : [];
    },
    log,
  );
  const refunds = sharedReading('refunds', async () => (await rows<{ pending: number; oldest: number }>(database, REFUNDS))[0]!, log);
  // Two 30-day counts move slowly: read once a minute, not on every scrape.
  const ratios = sharedReading('return and RTO ratios', async () => (await rows<{ returns: number; delivered: number; rto: number; shipped: number }>(database, RATIOS))[0]!, log, 60_000);

  // Each gauge fills itself from the one shared reading (a failed one leaves the queues out).
  const perQueue = (name: string, help: string, value: (row: { queued: number; oldest: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const found = await jobs();
        this.reset();
        for (const row of found ?? []) this.set({ queue: row.queue }, Number(value(row)));
      },
    });
  perQueue('livemarket_jobs_queued', 'Due jobs not yet taken, per pg-boss queue', (row) => row.queued);
  perQueue('livemarket_jobs_oldest_age_seconds', 'How long the oldest due job not yet taken has waited, per pg-boss queue', (row) => row.oldest);

  new Gauge({
    name: 'livemarket_refunds_pending',
    help: 'Refunds waiting to be paid back (not those waiting for a cash-on-delivery buyer to choose how)',
    registers: [registry],
    async collect() {
      const r = await refunds();
      if (r) this.set(Number(r.pending));
    },
  });
  new Gauge({
    name: 'livemarket_refund_oldest_pending_age_seconds',
    help: 'Age of the oldest refund waiting to be paid back',
    registers: [registry],
    async collect() {
      const r = await refunds();
      if (r) this.set(Number(r.oldest));
    },
  });
  new Gauge({
    name: 'livemarket_returns_ratio',
    help: 'Orders returned of orders delivered, last 30 days',
    registers: [registry],
    async collect() {
      const r = await ratios();
      if (r) this.set(ratio(Number(r.returns), Number(r.delivered)));
    },
  });
  new Gauge({
    name: 'livemarket_rto_ratio',
    help: 'Orders returned to origin by the courier of orders shipped, last 30 days',
    registers: [registry],
    async collect() {
      const r = await ratios();
      if (r) this.set(ratio(Number(r.rto), Number(r.shipped)));
    },
  });
}
