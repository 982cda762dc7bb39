import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { CarrierEvent } from './carrier.js';
import { shipmentEvents, shipments } from './tables.js';

export type Stored = { shipmentId: string | null; stored: boolean };

/** Statements storing events at once; a call that comes while both run waits for the next. */
const IN_FLIGHT = 2;
/** Events a statement stores at most. */
const BATCH = 250;

type Waiting = { event: CarrierEvent; resolve: (r: Stored) => void; reject: (err: unknown) => void };

/**
 * Stores carrier events, each once, many a statement (a group commit): under a burst, the webhooks that
 * arrive while a statement runs go into the next one, so the database sees tens of inserts a second, not
 * a thousand; a webhook alone is stored at once. Each call resolves once its event is committed, so a
 * webhook is still answered only after what it said is safe. A batch that fails is stored again one
 * event at a time, so one bad event fails only its own webhook.
 */
export function createInbox(db: Db) {
  const queue: Waiting[] = [];
  let inFlight = 0;

  function pump() {
    while (inFlight < IN_FLIGHT && queue.length) {
      const batch = queue.splice(0, BATCH);
      inFlight += 1;
      storeMany(db, batch.map((w) => w.event))
        .then((results) => batch.forEach((w, i) => w.resolve(results[i]!)))
        .catch((err) => {
          if (batch.length === 1) batch[0]!.reject(err);
          else for (const w of batch) storeMany(db, [w.event]).then(([r]) => w.resolve(r!), w.reject);
        })
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  }

  return {
    store(event: CarrierEvent): Promise<Stored> {
      return new Promise((resolve, reject) => {
        queue.push({ event, resolve, reject });
        pump();
      });
    },
  };
}

/**
 * One statement: each event's parcel by its AWB, the new ones inserted in key order (so two statements
 * inserting the same events wait for each other rather than deadlock), a repeat within the batch counted
 * as a duplicate.
 */
async function storeMany(db: Db, events: CarrierEvent[]): Promise<Stored[]> {
  const input = JSON.stringify(events.map((e, i) => ({ i, awb: e.awb, status: e.status, at: e.at.toISOString(), location: e.location.slice(0, 120) })));
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(i int, awb text, status text, at timestamptz, location text)
    ),
    found as (
      select input.*, s.id as shipment_id from input left join ${shipments} s on s.awb = input.awb
    ),
    firsts as (
      select distinct on (shipment_id, status, at) i, shipment_id, status, at, location from found
      where shipment_id is not null order by shipment_id, status, at, i
    ),
    ins as (
      insert into ${shipmentEvents} (shipment_id, status, at, location)
      select shipment_id, status, at, location from firsts order by shipment_id, status, at
      on conflict do nothing returning shipment_id, status, at
    )
    select found.i, found.shipment_id, (ins.shipment_id is not null) as stored
    from found
    left join firsts on firsts.i = found.i
    left join ins on ins.shipment_id = firsts.shipment_id and ins.status = firsts.status and ins.at = firsts.at`)) as unknown as {
    rows: { i: number; shipment_id: string | null; stored: boolean }[];
  };
  const out: Stored[] = events.map(() => ({ shipmentId: null, stored: false }));
  for (const row of result.rows) out[row.i] = { shipmentId: row.shipment_id, stored: row.stored };
  return out;
}

export type Inbox = ReturnType<typeof createInbox>;
