import { z } from 'zod';
import { Refund } from './money.js';
import { wholeNumber } from './amounts.js';
import { clientToken, singleLine } from './text.js';
import { OrderStatus, ParcelStatus, PaymentMethod, PaymentStatus, ReturnStatus } from './catalog.js';

// ---- Delivery addresses (India) ----

export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  // Union territories
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export const IndianState = z.enum(INDIAN_STATES, 'Choose your state or union territory');
export type IndianState = z.infer<typeof IndianState>;

const line = (max: number, required: string, tooLong: string) => singleLine().min(1, required).max(max, tooLong);

export const AddressBody = z.object({
  name: line(80, 'Enter the name of the person receiving the order', 'At most 80 characters'),
  // 10 digits starting 6-9; a leading +91 or 0 is accepted and dropped.
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''))
    .pipe(z.string().regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number')),
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code'),
  state: IndianState,
  city: line(80, 'Enter your city or town', 'At most 80 characters'),
  line1: line(160, 'Enter your house number and street', 'At most 160 characters'),
  line2: singleLine().max(160, 'At most 160 characters').optional().default(''),
});
export type AddressBody = z.input<typeof AddressBody>;

export const Address = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  pincode: z.string(),
  state: IndianState,
  city: z.string(),
  line1: z.string(),
  line2: z.string(),
});
export type Address = z.infer<typeof Address>;
export const AddressList = z.array(Address);
export const AddressIdParam = z.object({ id: z.uuid('Invalid address id') });

// ---- Cart ----

export const CART_MAX_QUANTITY = 10;
const quantity = z
  .number('Quantity must be a whole number')
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(CART_MAX_QUANTITY, `At most ${CART_MAX_QUANTITY} of one product per order`);

export const CartItem = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  sellerId: z.uuid(),
  storeName: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  price: z.string(),
  quantity: z.number().int(),
  stockQuantity: z.number().int(),
  isActive: z.boolean(),
});
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z.object({ items: z.array(CartItem), totalAmount: z.string() });
export type Cart = z.infer<typeof Cart>;

export const AddToCartBody = z.object({ productId: z.uuid('Invalid product id'), quantity: wholeNumber(quantity.default(1)) });
export const UpdateCartItemBody = z.object({ quantity: wholeNumber(quantity) });
export const CartItemIdParam = z.object({ itemId: z.uuid('Invalid cart item id') });

// ---- Orders ----

export const OrderIdParam = z.object({ orderId: z.uuid('Invalid order id') });

// SPEC 3: id, status, createdAt, totalAmount, paymentMethod, paymentStatus (money as numeric strings).
export const Order = z.object({
  id: z.uuid(),
  status: OrderStatus,
  createdAt: z.iso.datetime(),
  totalAmount: z.string(),
  paymentMethod: PaymentMethod.nullable(),
  paymentStatus: PaymentStatus,
  streamId: z.uuid().nullable(),
  /** Bought during the live show or from its replay (issue 13); null when not from a show. */
  source: z.enum(['live', 'replay']).nullable(),
  /** Bought in a flash deal, or won in an auction (issue 14). */
  dealId: z.uuid().nullable(),
  auctionId: z.uuid().nullable(),
  /** A won auction waits for its payment until then (address and method chosen when paying); else null. */
  payBy: z.iso.datetime().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderItem = z.object({
  /** The order line (issue 26: one item can be refunded alone). */
  id: z.uuid(),
  productId: z.uuid().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  unitPrice: z.string(),
  quantity: z.number().int(),
  /** The product's packed weight, per unit, as its seller gives it now (issue 27); null once the product is gone. */
  weightGrams: z.number().int().nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** GET /api/orders: each order with its store and what was bought, so the list shows names and photos (issue 25). */
export const OrderSummary = Order.extend({ storeName: z.string(), items: z.array(OrderItem) });
export type OrderSummary = z.infer<typeof OrderSummary>;
export const OrderList = z.array(OrderSummary);

export const OrderEvent = z.object({ status: OrderStatus, at: z.iso.datetime() });
export type OrderEvent = z.infer<typeof OrderEvent>;

export const OrderDetail = Order.extend({
  sellerId: z.uuid(),
  storeName: z.string(),
  buyerName: z.string(),
  items: z.array(OrderItem),
  address: Address.omit({ id: true }).nullable(),
  /** Every status the order has been in, oldest first: the timeline. */
  events: z.array(OrderEvent),
  /** Issue 26: the latest refund (a cancelled paid order, or an item refunded alone), and all of them. */
  refund: Refund.nullable(),
  /** `quantity`: the units of the item a refund gave back (a return may send back some of them); null for the order's. */
  refunds: z.array(Refund.extend({ orderItemId: z.uuid().nullable(), quantity: z.number().int().nullable() })),
  cancelReason: z.string().nullable(),
  /** GET /api/orders/{id}/invoice and /credit-note answer with a PDF. */
  hasInvoice: z.boolean(),
  hasCreditNote: z.boolean(),
  /** Issue 27: the parcel it went in (with the buyer's other orders of the same show), once packed. */
  parcel: z
    .object({ awb: z.string().nullable(), carrier: z.string(), trackingUrl: z.string().nullable(), status: ParcelStatus, orderIds: z.array(z.uuid()) })
    .nullable(),
  /** Cash on delivery above COD_CONFIRM_ABOVE_RUPEES: whether the buyer has confirmed it, and by when they must. */
  codConfirmation: z.object({ confirmed: z.boolean(), expiresAt: z.iso.datetime() }).nullable(),
  /** The latest return's status (GET /api/orders/{id}/returns has them all); null when none was asked. */
  returnStatus: ReturnStatus.nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
export const OrderDetailList = z.array(OrderDetail);

/**
 * Checkout: the products (Buy Now / Quick Buy: one; the cart: a store's items), one store per order.
 * Prices come from the database, never from here. The idempotency key makes a double tap one order.
 */
export const PlaceOrderBody = z.object({
  items: z
    .array(z.object({ productId: z.uuid('Invalid product id'), quantity: wholeNumber(quantity) }))
    .min(1, 'Your order is empty')
    .max(20, 'At most 20 products per order'),
  addressId: z.uuid('Choose a delivery address'),
  paymentMethod: PaymentMethod,
  streamId: z.uuid().optional(),
  /** With streamId: bought from the show's replay rather than live. */
  source: z.enum(['live', 'replay']).optional(),
  /** The cart items this order empties once placed. */
  fromCart: z.boolean().optional().default(false),
  /** Bought at a flash deal's price (issue 14): one item, the deal's product, within its per-buyer limit. */
  dealId: z.uuid('Invalid deal id').optional(),
  idempotencyKey: clientToken(8, 64),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** POST /api/orders/{orderId}/pay: pays an order that waits for payment (a won auction). */
export const PayOrderBody = z.object({
  addressId: z.uuid('Choose a delivery address'),
  paymentMethod: PaymentMethod,
});
export type PayOrderBody = z.infer<typeof PayOrderBody>;

// Seller actions (and the buyer's cancel while pending): confirmed → shipped → delivered; cancel while pending or confirmed.
export const UpdateOrderStatusBody = z.object({ status: z.enum(['confirmed', 'shipped', 'delivered', 'cancelled']) });

// ---- Payments ----

/** What the client does next to pay: nothing (cash on delivery), the built-in test gateway, or Razorpay Checkout. */
export const PaymentAction = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({ provider: z.literal('simulated'), paymentId: z.uuid(), gatewayUrl: z.string() }),
  z.object({
    provider: z.literal('razorpay'),
    paymentId: z.uuid(),
    keyId: z.string(),
    razorpayOrderId: z.string(),
    amountPaise: z.number().int(),
    currency: z.literal('INR'),
    name: z.string(),
    description: z.string(),
    prefill: z.object({ name: z.string(), contact: z.string().optional(), email: z.string().optional() }),
  }),
]);
export type PaymentAction = z.infer<typeof PaymentAction>;

export const PlaceOrderResult = z.object({ order: OrderDetail, payment: PaymentAction });
export type PlaceOrderResult = z.infer<typeof PlaceOrderResult>;

export const PaymentIdParam = z.object({ paymentId: z.uuid('Invalid payment id') });

export const PaymentState = z.object({
  id: z.uuid(),
  status: z.enum(['created', 'captured', 'failed']),
  kind: z.enum(['order', 'coins']),
  orderId: z.uuid().nullable(),
  amount: z.string(),
  /** Coin packs: the coins credited on capture; null for orders. */
  coins: z.number().int().nullable(),
});
export type PaymentState = z.infer<typeof PaymentState>;

/** The built-in test gateway's two buttons. */
export const SimulatedPaymentBody = z.object({ outcome: z.enum(['success', 'failure']) });

/** Razorpay Checkout's success handler hands these to us; the server verifies the signature. */
export const RazorpayVerifyBody = z.object({
  razorpay_order_id: clientToken(1, 64),
  razorpay_payment_id: clientToken(1, 64),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid signature'),
});

// ---- Coin packs (the gift wallet's top-up) ----

export const COIN_PACKS = [
  { id: 'coins-100', coins: 100, price: '19.00' },
  { id: 'coins-550', coins: 550, price: '99.00' },
  { id: 'coins-1200', coins: 1200, price: '199.00' },
  { id: 'coins-3000', coins: 3000, price: '449.00' },
] as const;
export type CoinPackId = (typeof COIN_PACKS)[number]['id'];
export const CoinPackId = z.enum(COIN_PACKS.map((p) => p.id) as [CoinPackId, ...CoinPackId[]]);

export const BuyCoinsBody = z.object({
  packId: CoinPackId,
  paymentMethod: z.enum(['upi', 'card', 'wallet'], 'Choose UPI, card or wallet'),
  idempotencyKey: clientToken(8, 64),
});
export const BuyCoinsResult = z.object({ payment: PaymentAction });

// ---- Money: rupee amounts are exact numeric strings; sums are done in whole paise. ----

/** '2499.5' or '2499.50' -> 249950 */
export function rupeesToPaise(rupees: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rupees);
  if (!match) throw new Error(`Not a rupee amount: ${rupees}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 249950 -> '2499.50' */
export function paiseToRupees(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
