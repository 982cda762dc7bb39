import { notifications, wishlistItems } from '../schema.js';
import type { MessageParam } from '../../i18n/index.js';
import { renderNotification } from '../../modules/notifications/index.js';
import type { Tx } from '../client.js';
import type { ProductKey, Products } from './products.js';
import type { Sellers } from './sellers.js';
import type { Streams } from './streams.js';
import type { Clock } from './time.js';
import type { UserKey, Users } from './users.js';

// The demo shopper's wishlist: three discounted products (original price higher) and three at full price.
const WISHLIST: [UserKey, ProductKey, number][] = [
  ['rahul', 'kundanNecklace', 9],
  ['rahul', 'sneakers', 6],
  ['rahul', 'faceOil', 4],
  ['rahul', 'maangTikka', 8],
  ['rahul', 'brassLamp', 3],
  ['rahul', 'lipstick', 1],
  ['sneha', 'organzaSaree', 2],
  ['harpreet', 'maangTikka', 1],
];

export async function insertWishlist(tx: Tx, users: Users, productsByKey: Products, clock: Clock): Promise<number> {
  const rows = await tx
    .insert(wishlistItems)
    .values(
      WISHLIST.map(([who, product, daysAgo]) => ({
        userId: users[who].id,
        productId: productsByKey[product].id,
        createdAt: clock.daysAgo(daysAgo),
      })),
    )
    .returning({ id: wishlistItems.id });
  return rows.length;
}

type NotificationInsert = typeof notifications.$inferInsert;

interface NotificationSeed {
  to: UserKey;
  type: 'stream_start' | 'order_update' | 'follow' | 'promotion' | 'system';
  /** A template of src/locales (notifications.<kind>): shown in each reader's language. */
  kind: string;
  params: Record<string, MessageParam>;
  isRead: boolean;
  link: string | null;
  at: Date;
}

function notificationSeeds(users: Users, sellersByKey: Sellers, streamsByKey: Streams, clock: Clock): NotificationSeed[] {
  const { priyaLive, anjaliLive } = streamsByKey;
  return [
    // Demo shopper: every type, newest first, the recent ones unread.
    {
      to: 'rahul', type: 'stream_start', kind: 'stream_live', params: { store: sellersByKey.anjali.storeName, title: anjaliLive.title },
      isRead: false, link: `/stream/${anjaliLive.id}`, at: anjaliLive.startedAt!,
    },
    {
      to: 'rahul', type: 'stream_start', kind: 'stream_live', params: { store: sellersByKey.priya.storeName, title: priyaLive.title },
      isRead: false, link: `/stream/${priyaLive.id}`, at: priyaLive.startedAt!,
    },
    {
      to: 'rahul', type: 'promotion', kind: 'sale_upi', params: { percent: 10 },
      isRead: false, link: '/streams', at: clock.minutesAgo(5 * 60),
    },
    {
      to: 'rahul', type: 'order_update', kind: 'product_shipped', params: { product: 'Banarasi Katan Silk Saree' },
      isRead: false, link: '/orders', at: clock.daysAgo(2),
    },
    {
      to: 'rahul', type: 'order_update', kind: 'product_delivered', params: { product: 'Wireless Earbuds with ANC' },
      isRead: true, link: '/orders', at: clock.daysAgo(3),
    },
    {
      to: 'rahul', type: 'order_update', kind: 'refund_processed', params: { amount: '₹17,999', product: 'Nova 5G Smartphone' },
      isRead: true, link: '/orders', at: clock.daysAgo(6),
    },
    {
      to: 'rahul', type: 'follow', kind: 'following_store', params: { store: sellersByKey.anjali.storeName },
      isRead: true, link: null, at: clock.daysAgo(12),
    },
    {
      to: 'rahul', type: 'system', kind: 'welcome', params: { name: users.rahul.firstName ?? '', coins: '1,000' },
      isRead: true, link: '/streams', at: users.rahul.createdAt,
    },
    // Demo seller.
    {
      to: 'priya', type: 'order_update', kind: 'order_new_live', params: { name: users.sneha.name, product: 'Kundan Bridal Necklace Set', amount: '₹12,499' },
      isRead: false, link: '/seller/dashboard', at: clock.minutesAgo(5),
    },
    {
      to: 'priya', type: 'follow', kind: 'new_follower', params: { name: users.rahul.name, store: sellersByKey.priya.storeName },
      isRead: true, link: null, at: clock.daysAgo(40),
    },
    {
      to: 'priya', type: 'system', kind: 'verification_approved', params: { store: sellersByKey.priya.storeName, level: { key: 'verification_levels.silver' } },
      isRead: true, link: '/seller/dashboard', at: clock.daysAgo(88),
    },
  ];
}

export async function insertNotifications(
  tx: Tx,
  users: Users,
  sellersByKey: Sellers,
  streamsByKey: Streams,
  clock: Clock,
): Promise<number> {
  const values: NotificationInsert[] = notificationSeeds(users, sellersByKey, streamsByKey, clock).map((n) => ({
    userId: users[n.to].id,
    type: n.type,
    kind: n.kind,
    params: n.params,
    ...renderNotification({ kind: n.kind, params: n.params, title: '', message: '' }, 'en'),
    isRead: n.isRead,
    link: n.link,
    createdAt: n.at,
  }));
  const rows = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return rows.length;
}
