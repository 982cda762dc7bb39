import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { chatMessages } from '../../modules/streams/index.js';
import { call, saveAddress } from '../commerce.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../fixtures.js';
import type { TestApp } from '../test-app.js';

/**
 * Everything the routes' path parameters and body fields name, made for real, so fuzzed requests get
 * past "not found" into the handlers and the database. Three sellers: `seller` has an empty live show
 * (polls, quizzes, deals and auctions are started there), `host` has a show with one of each running
 * (voted on, answered, bid on, ended), `newcomer` has no show yet (shows are started by them).
 * The shopper has an address, a cart, a wishlist and an order.
 */
export interface FuzzWorld {
  seller: TestSeller;
  host: TestSeller;
  newcomer: TestSeller;
  shopper: TestUser;
  /** Someone else: moderators are made of them and bans fall on them, so the shopper keeps buying. */
  bystander: TestUser & { phone: string };
  ids: Record<string, string>;
  /** Real values for a body field, by its name. */
  hint(key: string): readonly string[] | undefined;
  /** A real value for a path parameter, by the segment before it and its name. */
  param(segment: string, name: string): string;
  /** Who owns what a route's path names. */
  ownerOf(pattern: string): TestUser;
  /** Ends what a request made that only exists one at a time, so the next body can make it again. */
  undo(method: string, pattern: string, who: TestUser, res: LightMyRequestResponse): Promise<void>;
}

function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 300) throw new Error(`fuzz world: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json();
}

async function phoneOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } });
  return String(me.json().phoneNumber ?? '').replace(/^\+91/, '');
}

export async function makeWorld(t: TestApp): Promise<FuzzWorld> {
  const { app } = t;
  const db = t.database.db;
  const [seller, host, newcomer] = [await makeSeller(app, db), await makeSeller(app, db, 'Kavya'), await makeSeller(app, db, 'Farah')];
  const shopper = await makeUser(app, 'Rahul');
  const bystanderUser = await makeUser(app, 'Meera');
  const bystander = { ...bystanderUser, phone: await phoneOf(app, bystanderUser) };

  const product = await makeProduct(db, seller.sellerId, { stockQuantity: 500 });
  // The dearest price the contract allows: totals and ledgers at their limits.
  const dearest = await makeProduct(db, seller.sellerId, { name: 'Heirloom set', price: '9999999999.99', originalPrice: null, stockQuantity: 1_000_000 });
  const dealProduct = await makeProduct(db, host.sellerId, { name: 'Cocktail ring', price: '1299.00', stockQuantity: 100 });
  const auctionProduct = await makeProduct(db, host.sellerId, { name: 'Silver anklet', price: '1500.00', stockQuantity: 5 });
  const streamId = await goLive(app, seller);
  const hostStreamId = await goLive(app, host, 'Rings and anklets');
  const at = (path: string) => `/api/streams/${hostStreamId}${path}`;

  const poll = ok(await call(app, 'POST', at('/polls'), host, { question: 'Gold or silver?', options: ['Gold', 'Silver'] }), 'poll');
  const quiz = ok(
    await call(app, 'POST', at('/quizzes'), host, { title: 'Know your stones', questions: [{ question: 'Ruby is?', options: ['Red', 'Blue', 'Green', 'White'], correctAnswer: 0 }] }),
    'quiz',
  );
  const deal = ok(await call(app, 'POST', at('/deals'), host, { productId: dealProduct.id, dealPrice: '799', units: 50, perBuyerLimit: 5, durationSeconds: 300 }), 'deal');
  const auction = ok(await call(app, 'POST', at('/auctions'), host, { productId: auctionProduct.id, startingBid: '499', durationSeconds: 60 }), 'auction');
  const [message] = await db.insert(chatMessages).values({ streamId: hostStreamId, userId: shopper.id, message: 'Is it real silver?' }).returning();

  const addressId = await saveAddress(app, shopper);
  const cart = ok(await call(app, 'POST', '/api/cart/items', shopper, { productId: product.id, quantity: 1 }), 'cart');
  const wishlist = ok(await call(app, 'POST', '/api/wishlist', shopper, { productId: product.id }), 'wishlist');
  const placed = ok(
    await call(app, 'POST', '/api/orders', shopper, { items: [{ productId: product.id, quantity: 1 }], addressId, paymentMethod: 'upi', idempotencyKey: randomUUID() }),
    'order',
  );
  const notifications = ok(await call(app, 'GET', '/api/notifications', seller), 'notifications') as Array<{ id: string }>;

  const ids = {
    streamId,
    hostStreamId,
    productId: product.id,
    dearestProductId: dearest.id,
    pollId: poll.id as string,
    optionId: poll.options[0].id as string,
    quizId: quiz.id as string,
    questionId: quiz.questions[0].id as string,
    dealId: deal.id as string,
    auctionId: auction.id as string,
    messageId: message!.id,
    addressId,
    cartItemId: cart.items[0].id as string,
    wishlistId: wishlist.id as string,
    orderId: placed.order.id as string,
    paymentId: placed.payment.paymentId as string,
    notificationId: notifications[0]?.id ?? randomUUID(),
  };

  // Body fields: an order may name the host's show and its deal together; the dearest product tests totals.
  const fields: Record<string, string[]> = {
    productId: [product.id, dearest.id],
    productIds: [product.id, dearest.id],
    streamId: [hostStreamId],
    sellerId: [seller.sellerId],
    userId: [bystander.id],
    optionId: [ids.optionId],
    questionId: [ids.questionId],
    dealId: [ids.dealId],
    addressId: [addressId],
    phone: [bystander.phone],
    // A seller's tax ids: a PAN, and a GSTIN holding it with its check character.
    panNumber: ['AAPFU0939F'],
    gstNumber: ['27AAPFU0939F1ZV'],
    // A browser's push subscription: a known push service, a P-256 public key and a 16-byte secret.
    endpoint: ['https://fcm.googleapis.com/fcm/send/fuzz-subscription'],
    p256dh: [createECDH('prime256v1').generateKeys().toString('base64url')],
    auth: [randomBytes(16).toString('base64url')],
  };
  // Parameters named after what they hold, then ":id" by the collection it follows.
  const byName: Record<string, string> = {
    itemId: ids.cartItemId,
    messageId: ids.messageId,
    sellerId: seller.sellerId,
    orderId: ids.orderId,
    paymentId: ids.paymentId,
    pollId: ids.pollId,
    quizId: ids.quizId,
    sessionId: 'no-such-session',
  };
  const byCollection: Record<string, string> = {
    streams: streamId,
    deals: ids.dealId,
    auctions: ids.auctionId,
    products: product.id,
    addresses: addressId,
    wishlist: ids.wishlistId,
    notifications: ids.notificationId,
  };
  const send = (method: 'PATCH' | 'DELETE', url: string, who: TestUser, body?: object) => call(app, method, url, who, body);

  return {
    seller,
    host,
    newcomer,
    shopper,
    bystander,
    ids,
    hint: (key) => fields[key],
    param(segment, name) {
      // /api/orders/seller/:userId is the seller's own list; elsewhere a user parameter is the bystander.
      if (name === 'userId') return segment === 'seller' ? seller.id : bystander.id;
      if (name === 'id') return byCollection[segment] ?? randomUUID();
      return byName[name] ?? randomUUID();
    },
    ownerOf(pattern) {
      if (/^\/api\/(polls|quizzes|deals|auctions|messages)\//.test(pattern)) return host;
      return pattern === '/api/streams' ? newcomer : seller;
    },
    async undo(method, pattern, who, res) {
      if (method !== 'POST' || res.statusCode >= 300 || !res.body.startsWith('{')) return;
      const id = (res.json() as { id?: string }).id;
      if (!id) return;
      if (pattern === '/api/streams') await send('PATCH', `/api/streams/${id}`, newcomer, { isLive: false });
      if (pattern === '/api/streams/:id/polls') await send('PATCH', `/api/polls/${id}`, seller, { isActive: false });
      if (pattern === '/api/streams/:id/quizzes') await send('PATCH', `/api/quizzes/${id}`, seller, { isActive: false });
      if (pattern === '/api/streams/:id/deals') await send('PATCH', `/api/deals/${id}`, seller, { isActive: false });
      if (pattern === '/api/streams/:id/auctions') await send('DELETE', `/api/auctions/${id}`, seller);
      if (pattern === '/api/addresses') await send('DELETE', `/api/addresses/${id}`, who);
    },
  };
}
