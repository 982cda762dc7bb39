import { addresses, orderEvents, orderItems, orders } from '../schema.js';
import type { Tx } from '../client.js';
import type { ProductKey, Products } from './products.js';
import type { StreamKey, Streams } from './streams.js';
import type { Clock } from './time.js';
import type { UserKey, Users } from './users.js';
import { fromPaise, toPaise } from './util.js';

type OrderInsert = typeof orders.$inferInsert;
type Status = NonNullable<OrderInsert['status']>;
type PaymentMethod = NonNullable<OrderInsert['paymentMethod']>;
type PaymentStatus = NonNullable<OrderInsert['paymentStatus']>;

interface OrderSeed {
  buyer: UserKey;
  /** All items come from one seller; the order's sellerId is taken from them. */
  items: [ProductKey, number][];
  status: Status;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Placed during this stream (minutes after it started), or else this many minutes ago. */
  placed: { stream: StreamKey; minute: number } | { minutesAgo: number };
}

type SeedAddress = NonNullable<OrderInsert['address']>;
const ADDRESSES: Partial<Record<UserKey, SeedAddress>> = {
  rahul: { name: 'Rahul Verma', phone: '9123456789', pincode: '201309', state: 'Uttar Pradesh', city: 'Noida', line1: 'B-14, Sector 62', line2: '' },
  sneha: { name: 'Sneha Reddy', phone: '9701234567', pincode: '500081', state: 'Telangana', city: 'Hyderabad', line1: 'Flat 502, Lake View Residency', line2: 'Madhapur' },
  aditya: { name: 'Aditya Kulkarni', phone: '9767012345', pincode: '411030', state: 'Maharashtra', city: 'Pune', line1: '12, Shaniwar Peth', line2: '' },
  fatima: { name: 'Fatima Shaikh', phone: '9930054321', pincode: '400003', state: 'Maharashtra', city: 'Mumbai', line1: 'Room 7, Noor Manzil', line2: 'Mohammed Ali Road' },
  vikram: { name: 'Vikram Nair', phone: '9446012345', pincode: '695014', state: 'Kerala', city: 'Thiruvananthapuram', line1: 'TC 25/1420, Vazhuthacaud', line2: '' },
};

const oneLine = (a: SeedAddress) => [a.line1, a.line2, a.city, `${a.state} ${a.pincode}`].filter(Boolean).join(', ');

/** The statuses an order went through to reach its current one, as the server records them. */
function timeline(o: OrderSeed): Status[] {
  // Cash on delivery is confirmed at checkout; older COD orders may still wait for the seller (pending).
  const start: Status[] = o.paymentMethod === 'cod' ? (o.status === 'pending' ? ['pending'] : ['confirmed']) : ['pending', 'confirmed'];
  if (o.status === 'delivery_failed' || o.status === 'returned_to_origin') return [...start, 'shipped', 'out_for_delivery', 'delivery_failed', ...(o.status === 'returned_to_origin' ? ['returned_to_origin' as const] : [])];
  const path: Status[] = [...start, 'shipped', 'out_for_delivery', 'delivered'];
  if (o.status === 'cancelled') return o.paymentStatus === 'failed' ? ['pending', 'cancelled'] : [...start, 'cancelled'];
  return path.slice(0, path.indexOf(o.status) + 1);
}

// The demo shopper has an order in every status; payment status follows the order status
// (COD stays pending until delivery, a cancelled card payment is refunded).
const ORDERS: OrderSeed[] = [
  { buyer: 'rahul', items: [['kolhapuri', 1], ['kurta', 1]], status: 'pending', paymentMethod: 'cod', paymentStatus: 'pending', placed: { minutesAgo: 120 } },
  { buyer: 'rahul', items: [['jhumkas', 2]], status: 'confirmed', paymentMethod: 'upi', paymentStatus: 'paid', placed: { stream: 'priyaJhumka', minute: 24 } },
  { buyer: 'rahul', items: [['katanSaree', 1]], status: 'shipped', paymentMethod: 'card', paymentStatus: 'paid', placed: { stream: 'anjaliLooms', minute: 31 } },
  { buyer: 'rahul', items: [['earbuds', 1], ['cricketBat', 1]], status: 'delivered', paymentMethod: 'wallet', paymentStatus: 'paid', placed: { stream: 'kabirGadgets', minute: 47 } },
  { buyer: 'rahul', items: [['bangles', 1]], status: 'delivered', paymentMethod: 'upi', paymentStatus: 'paid', placed: { stream: 'priyaOxidised', minute: 15 } },
  { buyer: 'rahul', items: [['smartphone', 1]], status: 'cancelled', paymentMethod: 'card', paymentStatus: 'refunded', placed: { minutesAgo: 7 * 24 * 60 } },
  // Issue 27: the courier's statuses, cash on delivery so nothing is owed back.
  { buyer: 'rahul', items: [['dupatta', 1]], status: 'out_for_delivery', paymentMethod: 'cod', paymentStatus: 'pending', placed: { minutesAgo: 3 * 24 * 60 } },
  { buyer: 'rahul', items: [['yogaMat', 1]], status: 'delivery_failed', paymentMethod: 'cod', paymentStatus: 'pending', placed: { minutesAgo: 4 * 24 * 60 } },
  { buyer: 'rahul', items: [['brassLamp', 1]], status: 'returned_to_origin', paymentMethod: 'cod', paymentStatus: 'pending', placed: { minutesAgo: 12 * 24 * 60 } },
  // Other shoppers buying from the demo seller.
  { buyer: 'sneha', items: [['kundanNecklace', 1]], status: 'confirmed', paymentMethod: 'upi', paymentStatus: 'paid', placed: { stream: 'priyaLive', minute: 20 } },
  { buyer: 'fatima', items: [['maangTikka', 1], ['jhumkas', 1]], status: 'pending', paymentMethod: 'cod', paymentStatus: 'pending', placed: { stream: 'priyaLive', minute: 9 } },
  { buyer: 'aditya', items: [['cocktailRing', 2]], status: 'shipped', paymentMethod: 'card', paymentStatus: 'paid', placed: { stream: 'priyaDiwali', minute: 38 } },
  { buyer: 'vikram', items: [['kundanNecklace', 1]], status: 'delivered', paymentMethod: 'upi', paymentStatus: 'paid', placed: { stream: 'priyaDiwali', minute: 52 } },
];

export async function insertOrders(
  tx: Tx,
  users: Users,
  productsByKey: Products,
  streamsByKey: Streams,
  clock: Clock,
): Promise<{ orders: number; items: number; events: number; addresses: number }> {
  let itemCount = 0;
  let eventCount = 0;
  for (const o of ORDERS) {
    const lines = o.items.map(([key, quantity]) => ({ product: productsByKey[key], quantity }));
    const sellerIds = new Set(lines.map((l) => l.product.sellerId));
    const [sellerId] = sellerIds;
    if (!sellerId || sellerIds.size !== 1) throw new Error('seed: an order must have items from exactly one seller');

    let createdAt: Date;
    let streamId: string | null = null;
    if ('stream' in o.placed) {
      const stream = streamsByKey[o.placed.stream];
      createdAt = clock.plusMinutes(stream.startedAt!, o.placed.minute);
      streamId = stream.id;
    } else {
      createdAt = clock.minutesAgo(o.placed.minutesAgo);
    }
    // Later statuses were updated a while after the order was placed.
    const updatedAt = o.status === 'pending' ? createdAt : new Date(Math.min(clock.now.getTime(), createdAt.getTime() + 26 * 3600_000));
    const total = lines.reduce((sum, l) => sum + toPaise(l.product.price) * l.quantity, 0);

    const [order] = await tx
      .insert(orders)
      .values({
        userId: users[o.buyer].id,
        sellerId,
        streamId,
        status: o.status,
        totalAmount: fromPaise(total),
        paymentMethod: o.paymentMethod,
        paymentStatus: o.paymentStatus,
        shippingAddress: ADDRESSES[o.buyer] ? oneLine(ADDRESSES[o.buyer]!) : null,
        address: ADDRESSES[o.buyer] ?? null,
        createdAt,
        updatedAt,
      })
      .returning();
    if (!order) throw new Error('seed: order insert returned nothing');
    const items = await tx
      .insert(orderItems)
      .values(
        lines.map((l) => ({
          orderId: order.id,
          productId: l.product.id,
          // Copied at purchase time, as the server does.
          productName: l.product.name,
          unitPrice: l.product.price,
          quantity: l.quantity,
        })),
      )
      .returning({ id: orderItems.id });
    itemCount += items.length;
    // The timeline: the first step when placed, the last at the latest update, the others evenly between.
    const steps = timeline(o);
    const span = updatedAt.getTime() - createdAt.getTime();
    await tx.insert(orderEvents).values(
      steps.map((status, i) => ({
        orderId: order.id,
        status,
        createdAt: new Date(createdAt.getTime() + (steps.length > 1 ? Math.round((span * i) / (steps.length - 1)) : 0)),
      })),
    );
    eventCount += steps.length;
  }
  // Saved delivery addresses, so the demo shoppers can check out at once.
  const saved = Object.entries(ADDRESSES).map(([key, a]) => ({ userId: users[key as UserKey].id, ...a, createdAt: clock.daysAgo(10) }));
  await tx.insert(addresses).values(saved);
  return { orders: ORDERS.length, items: itemCount, events: eventCount, addresses: saved.length };
}
