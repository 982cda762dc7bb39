import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BuyCoinsBody, BuyCoinsResult, ErrorBody, PaymentIdParam, PaymentState, RazorpayVerifyBody, SimulatedPaymentBody } from '@live-market/contract';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { frameableBySelfHeaders } from '../../plugins/security.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { orderRef } from '../orders/index.js';
import { buyCoins } from './coins.js';
import { GATEWAY_SCRIPT, gatewayPageHtml } from './gateway-page.js';
import { languageOf, t } from '../../i18n/index.js';
import { RazorpayWebhook, readMoneyWebhook, readWebhook, verifyPaymentSignature, verifyWebhookSignature, type MoneyWebhook } from './razorpay.js';
import { toPaymentState, type PaymentsService } from './service.js';
import { paymentWebhookEvents } from './tables.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };

export interface PaymentsRoutesOptions {
  auth: Auth;
  db: Db;
  config: Config;
  payments: PaymentsService;
  /** Razorpay said a refund or a payout changed (issue 26): the money module looks again. */
  moneyEvent?: (event: MoneyWebhook) => Promise<void>;
}

export async function paymentsRoutes(base: FastifyInstance, opts: PaymentsRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, payments } = opts;
  const signedIn = requireUser(opts.auth);
  const frameable = frameableBySelfHeaders(opts.config);

  // The client polls this while the gateway is open.
  app.get('/api/payments/:paymentId', { onRequest: signedIn, schema: { params: PaymentIdParam, response: { 200: PaymentState, ...errors } } }, async (request) =>
    toPaymentState(await payments.own(currentUserId(request), request.params.paymentId)),
  );

  app.post('/api/coins/purchases', { onRequest: signedIn, schema: { body: BuyCoinsBody, response: { 200: BuyCoinsResult, 201: BuyCoinsResult, ...errors } } }, async (request, reply) => {
    const { created, payment } = await buyCoins(db, payments, currentUserId(request), request.body);
    return reply.code(created ? 201 : 200).send({ payment });
  });

  // ---- Simulated gateway (test mode) ----

  app.get('/api/payments/simulated/gateway.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(GATEWAY_SCRIPT),
  );

  app.get('/api/payments/simulated/:paymentId', { onRequest: signedIn, schema: { params: PaymentIdParam } }, async (request, reply) => {
    const p = await payments.own(currentUserId(request), request.params.paymentId);
    if (p.provider !== 'simulated') throw new HttpError(404, 'Payment not found');
    const language = languageOf(request);
    const description = p.kind === 'coins' ? t(language, 'payment.coins', { count: p.coins! }) : t(language, 'payment.order', { ref: orderRef(p.orderId!) });
    // The checkout sheet shows this page in an iframe: framing by our own origin is allowed here, and only here.
    return reply
      .headers(frameable)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(gatewayPageHtml({ language, id: p.id, amount: p.amount, method: p.method, description, status: p.status }));
  });

  app.post(
    '/api/payments/simulated/:paymentId',
    { onRequest: signedIn, schema: { params: PaymentIdParam, body: SimulatedPaymentBody, response: { 200: PaymentState, ...errors } } },
    async (request) => {
      const p = await payments.own(currentUserId(request), request.params.paymentId);
      if (p.provider !== 'simulated') throw new HttpError(404, 'Payment not found');
      return toPaymentState(await payments.settle(p.id, request.body.outcome === 'success' ? 'captured' : 'failed'));
    },
  );

  // ---- Razorpay ----

  // Checkout's success handler posts what Razorpay gave it; the signature proves it came from Razorpay.
  app.post('/api/payments/razorpay/verify', { onRequest: signedIn, schema: { body: RazorpayVerifyBody, response: { 200: PaymentState, ...errors } } }, async (request) => {
    const body = request.body;
    const p = await payments.findByProviderOrder('razorpay', body.razorpay_order_id);
    if (!p || p.userId !== currentUserId(request) || !opts.config.razorpay) throw new HttpError(404, 'Payment not found');
    if (!verifyPaymentSignature(opts.config.razorpay, body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
      throw new HttpError(400, 'Invalid payment signature');
    }
    return toPaymentState(await payments.settle(p.id, 'captured', { providerPaymentId: body.razorpay_payment_id, late: true }));
  });

  // The signature covers the exact bytes Razorpay sent, so this route keeps the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/payments/razorpay/webhook', { schema: { response: { 200: z.object({ ok: z.literal(true) }), 400: ErrorBody, 404: ErrorBody } } }, async (request) => {
      const keys = opts.config.razorpay;
      if (!keys) throw new HttpError(404, 'Not found');
      const raw = request.body as Buffer;
      const signature = request.headers['x-razorpay-signature'];
      if (!Buffer.isBuffer(raw) || !verifyWebhookSignature(keys, raw, typeof signature === 'string' ? signature : undefined)) {
        throw new HttpError(400, 'Invalid webhook signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new HttpError(400, 'Invalid webhook body');
      }
      const parsed = RazorpayWebhook.safeParse(json);
      if (!parsed.success) throw new HttpError(400, 'Invalid webhook body');
      const body = parsed.data;
      // Razorpay names each event; a redelivery carries the same id. Without one, the exact bytes identify it.
      const header = request.headers['x-razorpay-event-id'];
      const eventId = typeof header === 'string' && header ? header : createHash('sha256').update(raw).digest('hex');
      const meaning = readWebhook(body);
      const { fresh, tell } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentWebhookEvents)
          .values({ provider: 'razorpay', eventId, event: body.event ?? 'unknown' })
          .onConflictDoNothing()
          .returning({ id: paymentWebhookEvents.id });
        if (!row || !meaning) return { fresh: Boolean(row), tell: null };
        const p = await payments.findByProviderOrder('razorpay', meaning.razorpayOrderId, tx);
        if (!p) return { fresh: true, tell: null };
        return { fresh: true, tell: await payments.settleIn(tx, p.id, meaning.outcome, { providerPaymentId: meaning.paymentId, late: true }) };
      });
      if (tell?.length) await payments.pushUnread(tell);
      const money = fresh ? readMoneyWebhook(body) : null;
      // The refund and payout jobs poll as well: an event that fails to speed them up is only logged.
      if (money && opts.moneyEvent) await opts.moneyEvent(money).catch((error: unknown) => request.log.warn({ err: error, money }, 'razorpay money event'));
      return { ok: true as const };
    });
  });
}
