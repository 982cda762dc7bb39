import { products } from '../schema.js';
import type { Tx } from '../client.js';
import type { SellerKey, Sellers } from './sellers.js';
import type { Clock } from './time.js';
import { lookup } from './util.js';

type ProductInsert = typeof products.$inferInsert;
export type ProductRow = typeof products.$inferSelect;

interface ProductSeed extends Omit<ProductInsert, 'sellerId' | 'imageUrl'> {
  seller: SellerKey;
  /** A file in apps/server/assets/demo, served at /demo/. */
  image: string;
  listedDaysAgo: number;
}

// Prices in rupees. originalPrice is set only where the product is on discount.
const PRODUCTS = {
  // Priya's Kundan House (jewelry)
  kundanNecklace: {
    seller: 'priya', name: 'Kundan Bridal Necklace Set', category: 'jewelry', image: 'necklace.svg',
    description: 'Gold-plated Kundan rani haar with matching earrings, ruby and emerald drops. Comes in a velvet box.',
    price: '12499.00', originalPrice: '15999.00', stockQuantity: 6, listedDaysAgo: 70,
  },
  jhumkas: {
    seller: 'priya', name: 'Meenakari Jhumka Earrings', category: 'jewelry', image: 'earrings.svg',
    description: 'Hand-painted Meenakari jhumkas with pearl hangings. Lightweight for all-day wear.',
    price: '1899.00', originalPrice: '2499.00', stockQuantity: 24, listedDaysAgo: 64,
  },
  // Issue 29: names in Indian scripts, as sellers write them; search finds them from Latin letters too.
  jhumkaHindi: {
    seller: 'priya', name: 'झुमका जोड़ी, ऑक्सीडाइज़्ड चांदी', category: 'jewelry', image: 'earrings.svg',
    description: 'Oxidised silver jhumkas with tiny ghungroo bells. A pair.',
    price: '749.00', originalPrice: '999.00', stockQuantity: 30, listedDaysAgo: 9,
  },
  maangTikka: {
    seller: 'priya', name: 'Polki Maang Tikka', category: 'jewelry', image: 'maang-tikka.svg',
    description: 'Uncut Polki maang tikka on an adjustable chain, perfect for mehendi and sangeet.',
    price: '2299.00', originalPrice: null, stockQuantity: 11, listedDaysAgo: 50,
  },
  bangles: {
    seller: 'priya', name: 'Oxidised Silver Bangles (Set of 4)', category: 'jewelry', image: 'bangles.svg',
    description: 'Tribal-design oxidised bangles, size 2.6. Pairs well with cotton sarees and kurtis.',
    price: '899.00', originalPrice: '1199.00', stockQuantity: 40, listedDaysAgo: 45,
  },
  cocktailRing: {
    seller: 'priya', name: 'Kundan Cocktail Ring', category: 'jewelry', image: 'ring.svg',
    description: 'Statement adjustable ring with a centre Kundan stone and a halo of seed pearls.',
    price: '1499.00', originalPrice: null, stockQuantity: 18, listedDaysAgo: 30,
  },
  templeChoker: {
    seller: 'priya', name: 'Temple Coin Choker', category: 'jewelry', image: 'necklace.svg',
    description: 'Lakshmi coin choker in antique gold finish. Back in stock before the wedding season.',
    price: '3499.00', originalPrice: null, stockQuantity: 0, isActive: false, listedDaysAgo: 100,
  },
  // Kashi Banarasi Weaves (fashion)
  katanSaree: {
    seller: 'anjali', name: 'Banarasi Katan Silk Saree', category: 'fashion', image: 'saree.svg',
    description: 'Pure Katan silk with real zari kadhua buti, 6.3 m with blouse piece. Silk Mark certified.',
    price: '8999.00', originalPrice: '11999.00', stockQuantity: 9, listedDaysAgo: 60,
  },
  organzaSaree: {
    seller: 'anjali', name: 'Organza Banarasi Saree, Rani Pink', category: 'fashion', image: 'saree-pink.svg',
    description: 'Sheer organza with silver zari floral jaal. Light enough for summer weddings.',
    price: '5499.00', originalPrice: null, stockQuantity: 14, listedDaysAgo: 40,
  },
  tamilSaree: {
    seller: 'anjali', name: 'காஞ்சிபுரம் பட்டு புடவை', category: 'fashion', image: 'saree.svg',
    description: 'Kanchipuram silk saree in temple-border maroon, with blouse piece.',
    price: '8999.00', originalPrice: '10999.00', stockQuantity: 5, listedDaysAgo: 8,
  },
  phulkariDupatta: {
    seller: 'anjali', name: 'ਫੁਲਕਾਰੀ ਦੁਪੱਟਾ', category: 'fashion', image: 'dupatta.svg',
    description: 'Hand-embroidered Phulkari dupatta from Patiala, bright silk thread on cotton.',
    price: '1499.00', originalPrice: null, stockQuantity: 12, listedDaysAgo: 7,
  },
  dupatta: {
    seller: 'anjali', name: 'Banarasi Silk Dupatta', category: 'fashion', image: 'dupatta.svg',
    description: 'Meenakari weave dupatta, 2.5 m, to lift a plain kurta set.',
    price: '1299.00', originalPrice: '1699.00', stockQuantity: 30, listedDaysAgo: 35,
  },
  // Patil Kolhapuri & Ethnic (fashion)
  kolhapuri: {
    seller: 'sandeep', name: 'Handcrafted Kolhapuri Chappal', category: 'fashion', image: 'kolhapuri.svg',
    description: 'Vegetable-tanned leather, hand-stitched in Kolhapur. Sizes 6-11, unisex.',
    price: '1199.00', originalPrice: '1499.00', stockQuantity: 52, listedDaysAgo: 80,
  },
  kurta: {
    seller: 'sandeep', name: "Men's Cotton Kurta, Indigo", category: 'fashion', image: 'kurta.svg',
    description: 'Hand-block printed cotton kurta with wooden buttons. Breathable for Indian summers.',
    price: '1499.00', originalPrice: null, stockQuantity: 27, listedDaysAgo: 55,
  },
  // Bandra Lifestyle Co. (electronics, home, beauty, sports)
  smartphone: {
    seller: 'kabir', name: 'Nova 5G Smartphone (8GB/128GB)', category: 'electronics', image: 'phone.svg',
    description: '6.7" AMOLED, 50 MP camera, 5000 mAh battery with 33W fast charging. 1 year warranty.',
    price: '17999.00', originalPrice: '21999.00', stockQuantity: 15, listedDaysAgo: 28,
  },
  earbuds: {
    seller: 'kabir', name: 'Wireless Earbuds with ANC', category: 'electronics', image: 'earbuds.svg', countryOfOrigin: 'CN',
    description: 'Active noise cancellation, 40-hour playback with case, IPX5 sweat resistant.',
    price: '2499.00', originalPrice: '3999.00', stockQuantity: 48, listedDaysAgo: 26,
  },
  brassLamp: {
    seller: 'kabir', name: 'Brass Diya Table Lamp', category: 'home', image: 'lamp.svg',
    description: 'Hand-finished brass lamp with a cotton shade, warm LED bulb included.',
    price: '1899.00', originalPrice: null, stockQuantity: 12, listedDaysAgo: 24,
  },
  cushions: {
    seller: 'kabir', name: 'Jaipuri Block-Print Cushion Covers (Set of 5)', category: 'home', image: 'cushion.svg',
    description: '16x16 inch cotton covers in indigo and mustard, hidden zip.',
    price: '699.00', originalPrice: '999.00', stockQuantity: 35, listedDaysAgo: 22,
  },
  lipstick: {
    seller: 'kabir', name: 'Matte Lipstick, Rani Pink', category: 'beauty', image: 'lipstick.svg',
    description: 'Long-stay matte finish with vitamin E, 4.2 g. Cruelty-free.',
    price: '499.00', originalPrice: null, stockQuantity: 80, listedDaysAgo: 20,
  },
  faceOil: {
    seller: 'kabir', name: 'Kumkumadi Face Oil', category: 'beauty', image: 'face-oil.svg',
    description: 'Ayurvedic saffron night oil, 30 ml, for a natural glow.',
    price: '899.00', originalPrice: '1150.00', stockQuantity: 42, listedDaysAgo: 18,
  },
  cricketBat: {
    seller: 'kabir', name: 'English Willow Cricket Bat', category: 'sports', image: 'cricket-bat.svg',
    description: 'Grade 2 English willow, short handle, knocked-in and ready to play.',
    price: '6499.00', originalPrice: '7999.00', stockQuantity: 8, listedDaysAgo: 16,
  },
  yogaMat: {
    seller: 'kabir', name: 'Anti-Slip Yoga Mat, 6 mm', category: 'sports', image: 'yoga-mat.svg',
    description: 'TPE mat with alignment lines and a carry strap.',
    price: '999.00', originalPrice: null, stockQuantity: 60, listedDaysAgo: 14,
  },
  sneakers: {
    seller: 'kabir', name: 'Running Sneakers, Lightweight', category: 'sports', image: 'sneakers.svg',
    description: 'Breathable mesh upper and cushioned sole for daily runs. Sizes 6-11.',
    price: '2999.00', originalPrice: '4499.00', stockQuantity: 33, listedDaysAgo: 12,
  },
} satisfies Record<string, ProductSeed>;

export type ProductKey = keyof typeof PRODUCTS;
export type Products = Record<ProductKey, ProductRow>;

export async function insertProducts(tx: Tx, sellersByKey: Sellers, clock: Clock): Promise<Products> {
  const seeds = Object.entries(PRODUCTS) as [ProductKey, ProductSeed][];
  const rows = await tx
    .insert(products)
    .values(
      seeds.map(([, { seller, image, listedDaysAgo, ...product }]) => ({
        // Made in India unless the seed says otherwise (issue 28: every listing names its origin).
        countryOfOrigin: 'IN',
        ...product,
        sellerId: sellersByKey[seller].id,
        imageUrl: `/demo/${image}`,
        createdAt: clock.daysAgo(listedDaysAgo),
        updatedAt: clock.daysAgo(listedDaysAgo),
      })),
    )
    .returning();
  const byName = lookup(rows, (r) => r.name);
  return Object.fromEntries(seeds.map(([key, s]) => [key, byName(s.name)])) as Products;
}
