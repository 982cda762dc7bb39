import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import type { Db, Tx } from './db/client.js';
import type { Deadlines } from './jobs/timers.js';
import type { OutcomeMetrics } from './metrics/outcomes.js';
import type { Auth } from './modules/auth/index.js';
import type { UnreadPush } from './modules/notifications/index.js';
import type { OrderStatusService } from './modules/orders/index.js';
import { pincodesRoutes } from './modules/pincodes/index.js';
import { createParcelEvents, createShipper, shipmentOfOrder, shippingRoutes, SIM_STEP_JOB, simulatedCarrier, type Carrier, type ParcelEvents, type Shipper } from './modules/shipping/index.js';
import { shiprocketCarrier } from './modules/shipping/shiprocket.js';
import { createRedelivery } from './modules/shipping/redelivery.js';
import type { OrderParcels } from './modules/orders/index.js';
import type { Money } from './app-money.js';
import { createReturnPickups, createReturnsService, returnsRoutes, type ReturnPickups } from './modules/returns/index.js';
import { COD_CONFIRM_JOB, codConfirmationsRoutes, createCodConfirmations, createCodMessenger, type CodConfirmations } from './modules/cod-confirmations/index.js';

// Issue 27, wired in one place: pincodes, the carrier, shipments and their tracking.

/** What orders ask of parcels: once packed for the courier, an order can no longer be cancelled. */
export const orderParcels: OrderParcels = { packed: async (tx, orderId) => (await shipmentOfOrder(tx, orderId)) !== null };

export interface Parcels {
  carrier: Carrier;
  shipper: Shipper;
  events: ParcelEvents;
  cod: CodConfirmations;
}

/**
 * Cash-on-delivery confirmation, made before the orders service (which asks it at checkout). The link
 * goes to COD_MESSAGE_WEBHOOK_URL (the SMS or WhatsApp gateway's adapter, see messenger.ts), else out
 * as `[cod] <phone> <link>` in development; the app's own notification carries it in every case.
 */
export function createCod(deps: { db: Db; config: Config; deadlines: Deadlines; pushUnread: UnreadPush; orderStatus: OrderStatusService; now: () => number; log: FastifyInstance['log']; print: (line: string) => void }): CodConfirmations {
  const { config } = deps;
  const send = createCodMessenger({ webhookUrl: config.shipping.codMessageWebhookUrl, printLinks: config.otp.delivery === 'console', print: deps.print });
  const cod = createCodConfirmations({
    db: deps.db,
    deadlines: deps.deadlines,
    publicUrl: config.publicUrl,
    abovePaise: config.shipping.codConfirmAbovePaise,
    confirmMs: config.shipping.codConfirmMs,
    send,
    expire: (orderId) => deps.orderStatus.expireUnconfirmedCod(orderId),
    pushUnread: deps.pushUnread,
    now: deps.now,
    onError: (err) => deps.log.error({ err }, 'cash-on-delivery confirmation failed'),
  });
  deps.deadlines.define<{ orderId: string }>(COD_CONFIRM_JOB, (data) => cod.deadline(data));
  return cod;
}

export async function registerParcels(
  app: FastifyInstance,
  deps: {
    db: Db;
    auth: Auth;
    config: Config;
    deadlines: Deadlines;
    pushUnread: UnreadPush;
    orderStatus: OrderStatusService;
    now: () => number;
    housekeeping: boolean;
    cod: CodConfirmations;
    money: Money;
    carrier?: Carrier;
    /** Issue 30: the carrier webhook's lag (the metrics). */
    outcomes?: Pick<OutcomeMetrics, 'carrierEvent'>;
  },
): Promise<Parcels> {
  const { db, config, deadlines, now } = deps;
  const settings = config.shipping;
  const carrier =
    deps.carrier ??
    (settings.carrier === 'shiprocket' && settings.shiprocket
      ? shiprocketCarrier({ ...settings.shiprocket, webhookToken: settings.webhookSecret }, fetch)
      : simulatedCarrier({ webhookSecret: settings.webhookSecret, publicUrl: config.publicUrl }));
  const events = createParcelEvents({
    db,
    deadlines,
    followParcel: (tx, orderId, to) => deps.orderStatus.followParcel(tx, orderId, to),
    // Late-bound: the pickups need the shipper, which needs these events.
    returnMoved: (tx: Tx, shipmentId, status) => pickups.parcelMoved(tx, shipmentId, status),
    pushUnread: deps.pushUnread,
    simStepSeconds: settings.simStepSeconds,
    production: config.env === 'production',
    now,
    onError: (err) => app.log.error({ err }, 'folding a parcel\'s tracking events failed'),
    onCarrierEvent: (event) => deps.outcomes?.carrierEvent(event.at),
  });
  // Events stored but not folded (a restart in between, a failed fold) are picked up here.
  if (deps.housekeeping) {
    const sweep = () => void events.sweep().catch((err) => app.log.error({ err }, 'parcel sweep failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', () => events.settled());
  deadlines.define<Parameters<ParcelEvents['simStep']>[0]>(SIM_STEP_JOB, (data) => events.simStep(data));
  const shipper = createShipper({ db, carrier, readyToShip: (tx, orderId) => deps.cod.ready(tx, orderId), booked: (row) => events.booked(row), charge: deps.money.courierCharge, now });
  const pickups: ReturnPickups = createReturnPickups({ db, carrier, shipper, money: deps.money.orders, pushUnread: deps.pushUnread });
  const returns = createReturnsService({ db, money: deps.money.orders, windowDays: settings.returnWindowDays, pushUnread: deps.pushUnread, now });
  await app.register(pincodesRoutes);
  await app.register(returnsRoutes, { auth: deps.auth, returns, pickups });
  await app.register(codConfirmationsRoutes, { auth: deps.auth, cod: deps.cod });
  const redeliver = createRedelivery({ db, carrier, deadlines, simStepSeconds: settings.simStepSeconds, now });
  await app.register(shippingRoutes, { auth: deps.auth, db, carrier, shipper, events, redeliver, codMaxPaise: settings.codMaxPaise });
  return { carrier, shipper, events, cod: deps.cod };
}
