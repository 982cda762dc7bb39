import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { Auth } from './modules/auth/index.js';
import { adminRoutes, createActions, createOperatorRefunds, createPeople, createQueues } from './modules/admin/index.js';
import { createOperatorModeration, type ModerationHub } from './modules/moderation/index.js';
import type { UnreadPush } from './modules/notifications/index.js';
import type { EndSession } from './modules/privacy/index.js';
import { createReturnPickups } from './modules/returns/index.js';
import { createSupportService } from './modules/support/index.js';

// Issue 28, item 5: the operator console, wired in one place. It acts through the modules that own each
// thing (sellers, moderation, returns, support, streams, refunds, payouts), each writing its audit line.
export async function registerAdmin(app: FastifyInstance, deps: { db: Db; auth: Auth; config: Config; hub: ModerationHub; pushUnread: UnreadPush; endSession: EndSession }) {
  const { db, pushUnread } = deps;
  const { operatorPhones, refundApprovalPaise } = deps.config.trust;
  const support = createSupportService({ db });
  const moderation = createOperatorModeration({ db, hub: deps.hub });
  const pickups = createReturnPickups({ db, carrier: app.parcels.carrier, shipper: app.parcels.shipper, money: app.money.orders, pushUnread });
  const queues = createQueues({ db, support });
  const actions = createActions({ db, moderation, pickups, support, streams: app.streams, queues, pushUnread });
  const people = createPeople({ db, operatorPhones, streams: app.streams, endSession: deps.endSession });
  const refunds = createOperatorRefunds({ db, refunds: app.money.refunds, pushUnread, limitPaise: refundApprovalPaise });
  await app.register(adminRoutes, { auth: deps.auth, db, operatorPhones, queues, actions, people, refunds, moderation });
}
