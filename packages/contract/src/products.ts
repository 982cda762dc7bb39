import { z } from 'zod';
import { rupees, wholeNumber } from './amounts.js';
import { multiLine, singleLine } from './text.js';
import { ProductCategory } from './catalog.js';
import { GstRatePercent, HsnCode } from './money.js';
import { COUNTRY_CODES, RETURN_DAY_CHOICES } from './product-terms.js';
import { LEGACY_UPLOADED_IMAGE_SOURCE, UPLOADED_IMAGE_SOURCE } from './images.js';

const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);
export const CountryOfOrigin = z
  .string('Choose the country of origin')
  .trim()
  .toUpperCase()
  .refine((code) => KNOWN_COUNTRIES.has(code), 'Choose the country of origin');

/** An uploaded photo (either naming in images.ts, as POST /api/uploads/product-image issued it) or /demo/<name>.<ext> from the seed. */
export const PRODUCT_IMAGE_URL = new RegExp(
  `^(${UPLOADED_IMAGE_SOURCE}|${LEGACY_UPLOADED_IMAGE_SOURCE}|/demo/[a-z0-9]+(-[a-z0-9]+)*\\.(svg|webp|jpg|png))$`,
);

// Prices travel as numeric strings ("2499.00"): exact rupees, never floats.
export const Product = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  originalPrice: z.string().nullable(),
  category: ProductCategory,
  stockQuantity: z.number().int(),
  /** Packed, for the courier's rate (issue 27); 500 g until the seller says. */
  weightGrams: z.number().int(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  /** GST (issue 26): the product's own, or its category's default (CATEGORY_TAX). */
  hsnCode: z.string(),
  gstRatePercent: z.number(),
  /** ISO 3166-1 alpha-2; null on a product listed before it was asked (issue 28). */
  countryOfOrigin: z.string().nullable(),
  /** Days after delivery it may be returned for any reason; 0: only damaged, wrong or not as described. */
  returnDays: z.number().int(),
});
export type Product = z.infer<typeof Product>;
export const ProductList = z.array(Product);

// SPEC 5: name and price are required ('Please fill in required fields'); prices travel as number
// strings; originalPrice is omitted when empty; stockQuantity is an integer, default 0.
export const ProductBody = z
  .object({
    name: singleLine().min(1, 'Please fill in required fields').max(120, 'Name is too long'),
    description: multiLine().max(2000, 'Description is too long').optional().default(''),
    price: rupees('Enter the price in rupees, e.g. 2499 or 2499.50'),
    originalPrice: rupees('Enter the original price in rupees, e.g. 2999')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    category: ProductCategory,
    stockQuantity: wholeNumber(
      z.number('Stock must be a whole number').int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(1_000_000).default(0),
    ),
    isActive: z.boolean().optional().default(true),
    // Issue 27: packed weight in grams; omitted, 500 g on a new product and unchanged on an edit.
    weightGrams: wholeNumber(
      z
        .number('Weight must be a whole number of grams')
        .int('Weight must be a whole number of grams')
        .min(1, 'Weight must be between 1 g and 30 kg')
        .max(30_000, 'Weight must be between 1 g and 30 kg')
        .optional(),
    ),
    // Issue 28: required on a new product (the server says so); omitted on an edit, unchanged.
    countryOfOrigin: CountryOfOrigin.optional(),
    returnDays: z
      .number('Choose a return policy')
      .int('Choose a return policy')
      .refine((days) => (RETURN_DAY_CHOICES as readonly number[]).includes(days), 'Choose a return policy')
      .optional(),
    // Issue 26: omitted on a new product, its category's default; omitted on an edit, unchanged.
    hsnCode: HsnCode.optional(),
    gstRatePercent: GstRatePercent.optional(),
    // Only a URL our upload route issued (or a seeded demo image): every viewer's browser loads it.
    imageUrl: z
      .string()
      .max(300)
      .regex(PRODUCT_IMAGE_URL, 'Upload the photo first')
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (Number(body.price) <= 0) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price must be more than ₹0' });
    if (body.originalPrice !== undefined && Number(body.originalPrice) < Number(body.price)) {
      ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: 'Original price cannot be lower than the price' });
    }
  });
export type ProductBody = z.input<typeof ProductBody>;

export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** What the server can decode. HEIC (HEVC) is left out: browsers hand it over as JPEG when the page does not ask for it. */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/**
 * POST /api/uploads/product-image (raw image body): imageUrl is what the product keeps; sizes and avif
 * list every stored copy by width (the client derives them from imageUrl, see images.ts).
 */
export const UploadedImage = z.object({
  imageUrl: z.string(),
  sizes: z.record(z.string(), z.string()),
  avif: z.record(z.string(), z.string()),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/**
 * Who sells it (issue 28, the Consumer Protection (E-Commerce) Rules 2020): the seller's legal name,
 * address and GSTIN (or GST enrolment number) from their business details; null until they give them.
 */
export const SoldBy = z.object({
  sellerId: z.uuid(),
  storeName: z.string(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  gstin: z.string().nullable(),
  enrolmentNumber: z.string().nullable(),
});
export type SoldBy = z.infer<typeof SoldBy>;

/** GET /api/products/{id}: an active product with its seller, for the product sheet and the checkout. */
export const ProductPage = z.object({ product: Product, soldBy: SoldBy });
export type ProductPage = z.infer<typeof ProductPage>;
