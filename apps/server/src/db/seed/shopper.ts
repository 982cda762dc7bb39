import { notifications, wishlistItems } from '../schema.js';
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
  title: string;
  message: string;
  isRead: boolean;
  link: string | null;
  at: Date;
}

function notificationSeeds(users: Users, sellersByKey: Sellers, streamsByKey: Streams, clock: Clock): NotificationSeed[] {
  const { priyaLive, anjaliLive } = streamsByKey;
  return [
    // Demo shopper: every type, newest first, the recent ones unread.
    {
      to: 'rahul', type: 'stream_start', title: `${sellersByKey.anjali.storeName} is live now!`,
      message: `${anjaliLive.title}. Join before the best sarees are gone.`,
      isRead: false, link: `/stream/${anjaliLive.id}`, at: anjaliLive.startedAt,
    },
    {
      to: 'rahul', type: 'stream_start', title: `${sellersByKey.priya.storeName} is live now!`,
      message: `${priyaLive.title}. Tap to watch and shop live.`,
      isRead: false, link: `/stream/${priyaLive.id}`, at: priyaLive.startedAt,
    },
    {
      to: 'rahul', type: 'promotion', title: 'Wedding Season Sale 💍',
      message: 'Extra 10% off on jewellery and sarees when you pay with UPI. This weekend only!',
      isRead: false, link: '/streams', at: clock.minutesAgo(5 * 60),
    },
    {
      to: 'rahul', type: 'order_update', title: 'Your order has been shipped',
      message: 'Banarasi Katan Silk Saree is on its way and should reach you in 3-5 days.',
      isRead: false, link: '/orders', at: clock.daysAgo(2),
    },
    {
      to: 'rahul', type: 'order_update', title: 'Order delivered',
      message: 'Wireless Earbuds with ANC and English Willow Cricket Bat were delivered. Enjoy!',
      isRead: true, link: '/orders', at: clock.daysAgo(3),
    },
    {
      to: 'rahul', type: 'order_update', title: 'Refund processed',
      message: '₹17,999 for your cancelled Nova 5G Smartphone will reach your card in 5-7 working days.',
      isRead: true, link: '/orders', at: clock.daysAgo(6),
    },
    {
      to: 'rahul', type: 'follow', title: `You're following ${sellersByKey.anjali.storeName}`,
      message: `We'll let you know whenever ${sellersByKey.anjali.storeName} goes live.`,
      isRead: true, link: null, at: clock.daysAgo(12),
    },
    {
      to: 'rahul', type: 'system', title: `Welcome aboard, ${users.rahul.firstName}! 🎉`,
      message: 'You have 1,000 coins to send gifts to your favourite sellers during live streams.',
      isRead: true, link: '/streams', at: users.rahul.createdAt,
    },
    // Demo seller.
    {
      to: 'priya', type: 'order_update', title: 'New order received',
      message: `${users.sneha.name} ordered Kundan Bridal Necklace Set (₹12,499) during your live stream.`,
      isRead: false, link: '/seller/dashboard', at: clock.minutesAgo(5),
    },
    {
      to: 'priya', type: 'follow', title: 'New follower',
      message: `${users.rahul.name} started following ${sellersByKey.priya.storeName}.`,
      isRead: true, link: null, at: clock.daysAgo(40),
    },
    {
      to: 'priya', type: 'system', title: 'Verification approved',
      message: 'Congratulations! Your store is now Silver verified.',
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
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    link: n.link,
    createdAt: n.at,
  }));
  const rows = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return rows.length;
}
