import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressBody,
  CancelOrderBody,
  RefundItemBody,
  Address,
  AddressIdParam,
  AddressList,
  AddToCartBody,
  Cart,
  CartItemIdParam,
  ErrorBody,
  OrderDetail,
  OrderDetailList,
  OrderIdParam,
  OrderList,
  PayOrderBody,
  PlaceOrderBody,
  PlaceOrderResult,
  UpdateCartItemBody,
  UpdateOrderStatusBody,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { addAddress, deleteAddress, listAddresses } from './addresses-service.js';
import { addToCart, readCart, removeFromCart, setCartQuantity } from './cart-service.js';
import { buyerOrders, findOrder, storeOrders, withDetails } from './details.js';
import type { OrdersService } from './service.js';
import type { OrderStatusService } from './status.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export interface OrdersRoutesOptions {
  auth: Auth;
  db: Db;
  orders: OrdersService;
  status: OrderStatusService;
}

// Cart, delivery addresses and orders (issue 6). Prices and ownership are always read from the database.
export async function ordersRoutes(base: FastifyInstance, opts: OrdersRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = requireUser(opts.auth);

  // ---- Cart ----
  app.get('/api/cart', { onRequest: signedIn, schema: { response: { 200: Cart, ...errors } } }, (request) => readCart(db, currentUserId(request)));
  app.post('/api/cart/items', { onRequest: signedIn, schema: { body: AddToCartBody, response: { 200: Cart, ...errors } } }, (request) =>
    addToCart(db, currentUserId(request), request.body),
  );
  app.patch(
    '/api/cart/items/:itemId',
    { onRequest: signedIn, schema: { params: CartItemIdParam, body: UpdateCartItemBody, response: { 200: Cart, ...errors } } },
    (request) => setCartQuantity(db, currentUserId(request), request.params.itemId, request.body.quantity),
  );
  app.delete('/api/cart/items/:itemId', { onRequest: signedIn, schema: { params: CartItemIdParam, response: { 200: Cart, ...errors } } }, (request) =>
    removeFromCart(db, currentUserId(request), request.params.itemId),
  );

  // ---- Addresses ----
  app.get('/api/addresses', { onRequest: signedIn, schema: { response: { 200: AddressList, ...errors } } }, (request) => listAddresses(db, currentUserId(request)));
  app.post('/api/addresses', { onRequest: signedIn, schema: { body: AddressBody, response: { 201: Address, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await addAddress(db, currentUserId(request), request.body)),
  );
  app.delete('/api/addresses/:id', { onRequest: signedIn, schema: { params: AddressIdParam, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await deleteAddress(db, currentUserId(request), request.params.id);
    return reply.code(204).send(null);
  });

  // ---- Orders ----
  app.post('/api/orders', { onRequest: signedIn, schema: { body: PlaceOrderBody, response: { 200: PlaceOrderResult, 201: PlaceOrderResult, 502: ErrorBody, ...errors } } }, async (request, reply) => {
    const { created, result } = await opts.orders.place(currentUserId(request), request.body);
    return reply.code(created ? 201 : 200).send(result);
  });
  // A won auction waits for payment: the address and method are chosen now (issue 14).
  app.post(
    '/api/orders/:orderId/pay',
    { onRequest: signedIn, schema: { params: OrderIdParam, body: PayOrderBody, response: { 200: PlaceOrderResult, 502: ErrorBody, ...errors } } },
    (request) => opts.orders.pay(currentUserId(request), request.params.orderId, request.body),
  );
  app.get('/api/orders', { onRequest: signedIn, schema: { response: { 200: OrderList, ...errors } } }, (request) => buyerOrders(db, currentUserId(request)));

  // The analytics screen passes the seller's user id; only that user may read their store's orders.
  app.get(
    '/api/orders/seller/:userId',
    { onRequest: signedIn, schema: { params: z.object({ userId: z.uuid() }), response: { 200: OrderDetailList, ...errors } } },
    async (request) => {
      if (request.params.userId !== currentUserId(request)) throw new HttpError(403, "You can only see your own store's orders");
      return storeOrders(db, request.params.userId);
    },
  );

  app.get('/api/orders/:orderId', { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: OrderDetail, ...errors } } }, async (request) => {
    const userId = currentUserId(request);
    const found = await findOrder(db, request.params.orderId);
    // The buyer and the store's owner only; for anyone else the order does not exist.
    if (!found || (found.order.userId !== userId && found.ownerId !== userId)) throw new HttpError(404, 'Order not found');
    const [detail] = await withDetails(db, [found.order]);
    return detail!;
  });
  app.patch(
    '/api/orders/:orderId',
    { onRequest: signedIn, schema: { params: OrderIdParam, body: UpdateOrderStatusBody, response: { 200: OrderDetail, ...errors } } },
    (request) => opts.status.change(currentUserId(request), request.params.orderId, request.body.status),
  );
  // Issue 26: the buyer (before it ships) or the seller cancels; a paid order is refunded automatically.
  app.post(
    '/api/orders/:orderId/cancel',
    { onRequest: signedIn, schema: { params: OrderIdParam, body: CancelOrderBody, response: { 200: OrderDetail, ...errors } } },
    (request) => opts.status.change(currentUserId(request), request.params.orderId, 'cancelled', request.body.reason ?? null),
  );
  app.post(
    '/api/orders/:orderId/refunds',
    { onRequest: signedIn, schema: { params: OrderIdParam, body: RefundItemBody, response: { 200: OrderDetail, ...errors } } },
    (request) => opts.status.refundItem(currentUserId(request), request.params.orderId, request.body.orderItemId, request.body.reason ?? null),
  );
  app.post('/api/orders/:orderId/reorder', { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: Cart, ...errors } } }, (request) =>
    opts.status.reorder(currentUserId(request), request.params.orderId),
  );
}
