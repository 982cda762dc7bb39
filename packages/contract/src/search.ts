import { z } from 'zod';
import { Language } from './auth.js';
import { ProductCategory } from './catalog.js';
import { Product } from './products.js';
import { Seller } from './sellers.js';
import { UpcomingStream } from './shows.js';
import { LiveStream } from './streams.js';
import { singleLine } from './text.js';

// Issue 29: search as Indian shoppers type, suggestions, a For-you feed, category pages.

export const SEARCH_TYPES = ['all', 'products', 'shows', 'stores'] as const;
export const SearchType = z.enum(SEARCH_TYPES, 'Choose all, products, shows or stores');
export type SearchType = z.infer<typeof SearchType>;

export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Products a page of results holds; the next page is asked for with `nextCursor`. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_SUGGESTIONS_MAX = 8;

const searchText = () =>
  singleLine().min(1, 'Type something to search for').max(SEARCH_QUERY_MAX_LENGTH, 'That search is too long');

/** GET /api/search?q=&type=&cursor= */
export const SearchQuery = z.object({
  q: searchText(),
  type: SearchType.optional().default('all'),
  /** Opaque: the `nextCursor` of the page before. */
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** A show in results and feeds: the live list's shape, with its store's name (upcoming ones also their time). */
export const ShowCard = LiveStream.extend({ storeName: z.string() });
export type ShowCard = z.infer<typeof ShowCard>;

/** Live shows first, then upcoming ones (soonest first), then products by relevance and popularity, then stores. */
export const SearchResults = z.object({
  products: z.array(Product),
  shows: z.array(ShowCard),
  stores: z.array(Seller),
  /** More products (or stores, for type=stores) after these; null at the end. */
  nextCursor: z.string().nullable(),
});
export type SearchResults = z.infer<typeof SearchResults>;

/** GET /api/search/suggest?q= */
export const SuggestQuery = z.object({ q: searchText() });
export type SuggestQuery = z.infer<typeof SuggestQuery>;

export const SearchSuggestion = z.object({
  /** What the search field is filled with when the suggestion is chosen, as the seller wrote it. */
  text: z.string(),
  kind: z.enum(['product', 'show', 'store', 'category']),
  /** For kind 'category': its slug, so the app can open /category/{slug}. */
  category: ProductCategory.optional(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;
export const SearchSuggestions = z.object({ suggestions: z.array(SearchSuggestion).max(SEARCH_SUGGESTIONS_MAX) });
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** GET /api/feed/for-you: ranked by follows, categories bought and watched, language, popularity. */
export const ForYouFeed = z.object({
  live: z.array(ShowCard),
  upcoming: z.array(UpcomingStream),
  products: z.array(Product),
});
export type ForYouFeed = z.infer<typeof ForYouFeed>;

/** GET /api/categories/{slug}?cursor= : the category page. */
/** An unknown slug is a 404 ('That category does not exist'), not a 400: it is a page address. */
export const CategorySlug = z.object({ slug: z.string().max(40) });
export const CategoryPageQuery = z.object({ cursor: z.string().max(200, 'Invalid cursor').optional() });
export const CategoryPage = z.object({
  category: ProductCategory,
  live: z.array(ShowCard),
  upcoming: z.array(UpcomingStream),
  products: z.array(Product),
  nextCursor: z.string().nullable(),
});
export type CategoryPage = z.infer<typeof CategoryPage>;

/** The /streams and Home language filter: ?language= on the upcoming list (the live list carries each show's). */
export const ShowLanguageQuery = z.object({ language: Language.optional() });
