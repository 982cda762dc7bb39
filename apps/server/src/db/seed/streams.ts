import { chatMessages, streamPlannedProducts, streams } from '../schema.js';
import type { Tx } from '../client.js';
import type { ProductKey, Products } from './products.js';
import type { SellerKey, Sellers } from './sellers.js';
import type { Clock } from './time.js';
import type { UserKey, Users } from './users.js';
import { lookup } from './util.js';
import type { LanguageCode } from '@live-market/contract';

export type StreamRow = typeof streams.$inferSelect;

interface StreamSeed {
  seller: SellerKey;
  title: string;
  description: string;
  /** A file in apps/server/assets/demo, served at /demo/. */
  thumbnail: string;
  viewerCount: number;
  featured?: ProductKey;
  /** Live streams: started this many minutes ago and still running. */
  liveForMinutes?: number;
  /** Ended streams: [days ago, IST hour, IST minute, duration in minutes]. */
  ended?: [number, number, number, number];
  /** Announced shows (issue 13): [days ahead, IST hour, IST minute] and the products to feature. */
  upcoming?: [number, number, number];
  planned?: ProductKey[];
  /** Issue 29: the language the show is presented in; English unless said. */
  language?: LanguageCode;
}

// Shows in Hindi, Marathi and Tamil besides English, so the language filter (issue 29) has something to find.
// Exactly two live streams, from two different sellers (one live stream per seller is a unique index).
// Most ended streams are the demo seller's, so her analytics show a full top-5 list.
const STREAMS = {
  priyaLive: {
    seller: 'priya', title: 'Bridal Kundan Collection – Live from Jaipur', thumbnail: 'stream-kundan.svg',
    description: 'Rani haars, jhumkas and maang tikkas for the shaadi season. Ask for close-ups in chat!',
    viewerCount: 1243, featured: 'kundanNecklace', liveForMinutes: 25, language: 'hi',
  },
  anjaliLive: {
    seller: 'anjali', title: 'Banarasi Silk Saree Drop – Wedding Season Special', thumbnail: 'stream-saree.svg',
    description: 'Fresh Katan and Organza sarees straight from the looms of Varanasi.',
    viewerCount: 387, featured: 'katanSaree', liveForMinutes: 12,
  },
  priyaJhumka: {
    seller: 'priya', title: 'Festive Jhumka Special', thumbnail: 'stream-kundan.svg',
    description: 'Meenakari and temple jhumkas for Navratri nights.',
    viewerCount: 2140, featured: 'jhumkas', ended: [2, 19, 30, 62],
  },
  priyaDiwali: {
    seller: 'priya', title: 'Diwali Kundan Sale – Up to 30% Off', thumbnail: 'stream-kundan.svg',
    description: 'Our biggest sale of the year on Kundan sets.',
    viewerCount: 3560, featured: 'kundanNecklace', ended: [4, 20, 0, 85],
  },
  priyaOxidised: {
    seller: 'priya', title: 'Oxidised Jewellery Under ₹999', thumbnail: 'stream-kundan.svg',
    description: 'Bangles, earrings and anklets for college and office.',
    viewerCount: 980, featured: 'bangles', ended: [6, 18, 45, 45],
  },
  priyaTikka: {
    seller: 'priya', title: 'Maang Tikka Styling Tips', thumbnail: 'stream-kundan.svg',
    description: 'Five ways to wear a maang tikka, with live try-ons.',
    viewerCount: 640, featured: 'maangTikka', ended: [9, 19, 0, 30],
  },
  priyaBridalQa: {
    seller: 'priya', title: 'Sunday Bridal Q&A', thumbnail: 'stream-kundan.svg',
    description: 'Brides-to-be ask, we answer. Matching sets to lehenga colours.',
    viewerCount: 1820, ended: [12, 20, 30, 75],
  },
  priyaRings: {
    seller: 'priya', title: 'Cocktail Rings Flash Sale', thumbnail: 'stream-kundan.svg',
    description: '20 minutes, 20 rings, special prices.',
    viewerCount: 410, featured: 'cocktailRing', ended: [13, 21, 0, 20],
  },
  anjaliLooms: {
    seller: 'anjali', title: 'Handloom Stories from Varanasi', thumbnail: 'stream-saree.svg',
    description: 'Meet the weavers behind our Katan sarees.',
    viewerCount: 1120, featured: 'katanSaree', ended: [3, 19, 0, 55], language: 'hi',
  },
  sandeepWorkshop: {
    seller: 'sandeep', title: 'Kolhapuri Chappal Making – Live from the Workshop', thumbnail: 'stream-kolhapuri.svg',
    description: 'Watch a pair being hand-stitched, start to finish.',
    viewerCount: 760, featured: 'kolhapuri', ended: [5, 18, 0, 40], language: 'mr',
  },
  kabirGadgets: {
    seller: 'kabir', title: 'Gadget Deals Under ₹3000', thumbnail: 'stream-gadgets.svg',
    description: 'Earbuds, chargers and smart gadgets with weekend-only prices.',
    viewerCount: 1475, featured: 'earbuds', ended: [8, 20, 0, 90],
  },
  sandeepDiwali: {
    seller: 'sandeep', title: 'Festive Kurta and Kolhapuri Drop', thumbnail: 'stream-kolhapuri.svg',
    description: 'New indigo kurtas and festive Kolhapuris, first look at 7 PM.',
    viewerCount: 0, upcoming: [1, 19, 0], planned: ['kurta', 'kolhapuri'], language: 'mr',
  },
  kabirWeekend: {
    seller: 'kabir', title: 'Weekend Gadget Countdown', thumbnail: 'stream-gadgets.svg',
    description: 'Phones, earbuds and home picks with prices for the first 30 minutes only.',
    viewerCount: 0, upcoming: [3, 20, 30], planned: ['smartphone', 'earbuds', 'brassLamp'], language: 'ta',
  },
} satisfies Record<string, StreamSeed>;

export type StreamKey = keyof typeof STREAMS;
export type Streams = Record<StreamKey, StreamRow>;

function timesOf(s: StreamSeed, clock: Clock): { startedAt: Date | null; endedAt: Date | null; scheduledFor: Date | null } {
  if (s.upcoming) {
    const [days, hour, minute] = s.upcoming;
    return { startedAt: null, endedAt: null, scheduledFor: clock.istDaysAgo(-days, hour, minute) };
  }
  if (s.liveForMinutes !== undefined) return { startedAt: clock.minutesAgo(s.liveForMinutes), endedAt: null, scheduledFor: null };
  if (!s.ended) throw new Error(`seed: stream "${s.title}" is neither live nor ended`);
  const [days, hour, minute, duration] = s.ended;
  const startedAt = clock.istDaysAgo(days, hour, minute);
  return { startedAt, endedAt: clock.plusMinutes(startedAt, duration), scheduledFor: null };
}

export async function insertStreams(tx: Tx, sellersByKey: Sellers, productsByKey: Products, clock: Clock): Promise<Streams> {
  const seeds = Object.entries(STREAMS) as [StreamKey, StreamSeed][];
  const rows = await tx
    .insert(streams)
    .values(
      seeds.map(([, s]) => {
        const { startedAt, endedAt, scheduledFor } = timesOf(s, clock);
        const live = startedAt !== null && endedAt === null;
        return {
          sellerId: sellersByKey[s.seller].id,
          title: s.title,
          description: s.description,
          thumbnailUrl: `/demo/${s.thumbnail}`,
          isLive: live,
          // Live counts are real: the people in the room now. Ended streams keep their history.
          viewerCount: live ? 0 : s.viewerCount,
          // The seeded live shows play the committed demo clip through the SFU.
          isDemo: live,
          featuredProductId: s.featured ? productsByKey[s.featured].id : null,
          startedAt,
          endedAt,
          scheduledFor,
          language: s.language ?? 'en',
          createdAt: startedAt ?? clock.now,
        };
      }),
    )
    .returning();
  const byTitle = lookup(rows, (r) => r.title);
  const planned = seeds.flatMap(([, s]) =>
    (s.planned ?? []).map((key, position) => ({ streamId: byTitle(s.title).id, productId: productsByKey[key].id, position })),
  );
  if (planned.length) await tx.insert(streamPlannedProducts).values(planned);
  return Object.fromEntries(seeds.map(([key, s]) => [key, byTitle(s.title)])) as Streams;
}

// [who, minutes after the stream started, message]
const CHAT: Partial<Record<StreamKey, [UserKey, number, string][]>> = {
  priyaLive: [
    ['sneha', 2, 'Namaste Priya ji! 🙏 Finally live'],
    ['aditya', 4, 'Bridal set ka price kya hai?'],
    ['priya', 5, 'Sirf ₹12,499 aaj ke live mein, MRP ₹15,999 hai 😊'],
    ['fatima', 7, 'Kya ye COD available hai?'],
    ['priya', 8, 'Haan ji, COD poore India mein available hai'],
    ['rahul', 11, 'Jhumkas wala set dobara dikhao please'],
    ['vikram', 14, 'Is the plating real gold or imitation?'],
    ['priya', 15, '1 micron gold plating, 6 months polish warranty 👍'],
    ['harpreet', 18, 'Mehendi ke liye maang tikka chahiye, pink stone mein hai?'],
    ['sneha', 21, 'Ordered the necklace! 😍'],
  ],
  anjaliLive: [
    ['harpreet', 1, 'Beautiful colours 😍'],
    ['rahul', 3, 'Mummy ke liye Katan saree chahiye, blouse piece included hai?'],
    ['anjali', 4, 'Haan, 0.8 m blouse piece saath mein aata hai'],
    ['fatima', 6, 'Silk Mark certificate milega?'],
    ['vikram', 8, 'Organza wali pink saree please show again'],
    ['sneha', 10, 'Delivery to Hyderabad kitne din mein?'],
  ],
};

export async function insertChat(tx: Tx, users: Users, streamsByKey: Streams, clock: Clock): Promise<number> {
  const values = (Object.entries(CHAT) as [StreamKey, [UserKey, number, string][]][]).flatMap(([streamKey, lines]) => {
    const stream = streamsByKey[streamKey];
    return lines.map(([who, minute, message]) => ({
      streamId: stream.id,
      userId: users[who].id,
      message,
      createdAt: clock.plusMinutes(stream.startedAt!, minute),
    }));
  });
  const rows = await tx.insert(chatMessages).values(values).returning({ id: chatMessages.id });
  return rows.length;
}
