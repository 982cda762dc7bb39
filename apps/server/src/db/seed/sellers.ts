import { sql } from 'drizzle-orm';
import { follows, sellers, verificationSubmissions } from '../schema.js';
import type { Tx } from '../client.js';
import type { Clock } from './time.js';
import type { UserKey, Users } from './users.js';
import { lookup } from './util.js';

type SellerInsert = typeof sellers.$inferInsert;
export type SellerRow = typeof sellers.$inferSelect;

interface SellerSeed extends Omit<SellerInsert, 'userId'> {
  owner: UserKey;
}

const SELLERS = {
  priya: {
    owner: 'priya',
    storeName: "Priya's Kundan House",
    description:
      'Handcrafted Kundan, Polki and Meenakari jewellery from the karigars of Johari Bazaar, Jaipur. Bridal sets, jhumkas and everyday pieces, live every evening.',
    category: 'jewelry',
    followersCount: 2847,
    isVerified: true,
    verificationLevel: 'silver',
  },
  anjali: {
    owner: 'anjali',
    storeName: 'Kashi Banarasi Weaves',
    description:
      'Pure Katan and Organza Banarasi silk sarees and dupattas, woven on handlooms in Varanasi. Every saree comes with a Silk Mark tag.',
    category: 'fashion',
    followersCount: 1562,
    isVerified: false,
    verificationLevel: 'none',
  },
  sandeep: {
    owner: 'sandeep',
    storeName: 'Patil Kolhapuri & Ethnic',
    description:
      'Genuine leather Kolhapuri chappals hand-stitched in Kolhapur, plus cotton kurtas and ethnic wear for men. Third-generation family workshop.',
    category: 'fashion',
    followersCount: 734,
    isVerified: false,
    verificationLevel: 'none',
  },
  kabir: {
    owner: 'kabir',
    storeName: 'Bandra Lifestyle Co.',
    description:
      'Everyday lifestyle picks from Mumbai: sneakers, gadgets, home decor, beauty and sports gear at honest prices. Live deals every weekend.',
    category: 'fashion',
    followersCount: 1208,
    isVerified: false,
    verificationLevel: 'none',
  },
} satisfies Record<string, SellerSeed>;

export type SellerKey = keyof typeof SELLERS;
export type Sellers = Record<SellerKey, SellerRow>;

export async function insertSellers(tx: Tx, users: Users, clock: Clock): Promise<Sellers> {
  const seeds = Object.entries(SELLERS) as [SellerKey, SellerSeed][];
  const rows = await tx
    .insert(sellers)
    .values(
      seeds.map(([, { owner, ...seller }]) => {
        // The store opened a few days after its owner signed up.
        const opened = new Date(users[owner].createdAt.getTime() + 3 * 24 * 3600_000);
        return { ...seller, userId: users[owner].id, createdAt: opened, updatedAt: clock.daysAgo(1) };
      }),
    )
    .returning();
  const byStore = lookup(rows, (r) => r.storeName);
  return Object.fromEntries(seeds.map(([key, s]) => [key, byStore(s.storeName)])) as Sellers;
}

export async function insertVerificationSubmissions(tx: Tx, sellersByKey: Sellers, clock: Clock): Promise<number> {
  const rows = await tx
    .insert(verificationSubmissions)
    .values([
      // Approved: this is how Priya's store reached the silver tier (GST details given).
      {
        sellerId: sellersByKey.priya.id,
        businessName: "Priya's Kundan House",
        businessAddress: '42, Johari Bazaar, Jaipur, Rajasthan 302003',
        businessPhone: '+919876543210',
        gstNumber: '08BQWPS4827K1ZT',
        panNumber: 'BQWPS4827K',
        status: 'approved',
        createdAt: clock.daysAgo(90),
        reviewedAt: clock.daysAgo(88),
      },
      // Pending: submitted yesterday, still "in review (24-48 hours)".
      {
        sellerId: sellersByKey.sandeep.id,
        businessName: 'Patil Footwear & Ethnic Wear',
        businessAddress: 'Shop 7, Chappal Line, Shivaji Road, Kolhapur, Maharashtra 416002',
        businessPhone: '+919823045678',
        gstNumber: '27AAPFU0939F1ZV',
        panNumber: 'AAPFU0939F',
        status: 'pending',
        createdAt: clock.minutesAgo(20 * 60),
      },
    ])
    .returning({ id: verificationSubmissions.id });
  return rows.length;
}

/** Who follows whom. The demo shopper follows two stores; followersCount is set from these rows. */
const FOLLOWS: [UserKey, SellerKey, number][] = [
  ['rahul', 'priya', 40],
  ['rahul', 'anjali', 12],
  ['sneha', 'priya', 30],
  ['sneha', 'kabir', 9],
  ['aditya', 'priya', 25],
  ['fatima', 'priya', 20],
  ['fatima', 'anjali', 18],
  ['harpreet', 'anjali', 15],
  ['vikram', 'kabir', 7],
  ['vikram', 'sandeep', 6],
];

export async function insertFollows(tx: Tx, users: Users, sellersByKey: Sellers, clock: Clock): Promise<number> {
  const rows = await tx
    .insert(follows)
    .values(
      FOLLOWS.map(([follower, seller, daysAgo]) => ({
        followerId: users[follower].id,
        sellerId: sellersByKey[seller].id,
        createdAt: clock.daysAgo(daysAgo),
      })),
    )
    .returning({ id: follows.id });
  // followersCount always equals the real number of follows (the follow API keeps it so).
  await tx.execute(sql`update sellers set followers_count = (select count(*) from follows where follows.seller_id = sellers.id)`);
  return rows.length;
}
