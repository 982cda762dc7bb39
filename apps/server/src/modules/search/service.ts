import {
  SEARCH_PAGE_SIZE,
  SEARCH_SUGGESTIONS_MAX,
  type SearchResults,
  type SearchSuggestion,
  type SearchSuggestions,
  type SearchType,
  type ShowCard,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { toProductDto } from '../products/index.js';
import { toSellerDto } from '../sellers/index.js';
import { toStreamDto } from '../streams/index.js';
import { CATEGORY_NAMES } from './dictionary.js';
import { queryVariants } from './key.js';
import { words } from './normalise.js';
import { createPopularity, popularityBonus, type Popularity } from './popularity.js';
import * as repo from './repository.js';

// Shows and stores come with the first page of "all" (a glance); their own tabs show more.
const SHOWS_IN_ALL = 10;
const SHOWS_TAB = 30;
const STORES_IN_ALL = 5;
// Deeper than anyone scrolls a result list; bounds the work an OFFSET asks of the database.
const MAX_OFFSET = 2000;
// Stores' total sales are not worth a query per result in a list: the profile page shows them.
const SALES_IN_LISTS = '0.00';

const NOTHING: SearchResults = { products: [], shows: [], stores: [], nextCursor: null };

export function writeCursor(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url');
}

function readCursor(cursor: string): number {
  const match = /^o(\d{1,5})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset > 0 && offset <= MAX_OFFSET)) throw new HttpError(400, 'Invalid cursor');
  return offset;
}

/** The word in the same script as what was typed (Latin for Latin), else the first. */
function sameScript(typed: string, candidates: string[]): string {
  const block = (s: string) => Math.floor((s.codePointAt(0) ?? 0) / 128);
  const first = typed.trim();
  return candidates.find((c) => block(c) === block(first)) ?? candidates[0]!;
}

function categorySuggestions(q: string, typed: string): SearchSuggestion[] {
  const found: SearchSuggestion[] = [];
  for (const [category, byLanguage] of CATEGORY_NAMES) {
    const hits = Object.values(byLanguage)
      .flat()
      .filter((w) => words(w).join(' ').startsWith(typed));
    if (hits.length) found.push({ text: sameScript(q, hits), kind: 'category', category });
  }
  return found;
}

export function createSearchService(deps: { db: Db; popularity?: Popularity }) {
  const { db } = deps;
  const popularity = deps.popularity ?? createPopularity(db);

  async function bonuses(): Promise<Map<string, number>> {
    const units = await popularity.unitsSold();
    return new Map([...units].map(([id, n]) => [id, popularityBonus(n)]));
  }

  return {
    async search(q: string, type: SearchType, cursor: string | undefined): Promise<SearchResults> {
      const offset = cursor === undefined ? 0 : readCursor(cursor);
      const variants = queryVariants(q);
      if (variants.length === 0) return NOTHING;
      const first = offset === 0;
      const bonus = type === 'all' || type === 'products' ? await bonuses() : new Map<string, number>();

      return repo.withThreshold(db, async (tx) => {
        let nextCursor: string | null = null;
        let products: SearchResults['products'] = [];
        if (type === 'all' || type === 'products') {
          const ranked = await repo.findProductIds(tx, { variants, bonus, offset, limit: SEARCH_PAGE_SIZE + 1 });
          const page = ranked.slice(0, SEARCH_PAGE_SIZE);
          const rows = new Map((await repo.findProductsByIds(tx, page.map((r) => r.id))).map((p) => [p.id, p]));
          products = page.flatMap((r) => (rows.has(r.id) ? [toProductDto(rows.get(r.id)!)] : []));
          if (ranked.length > SEARCH_PAGE_SIZE) nextCursor = writeCursor(offset + SEARCH_PAGE_SIZE);
        }

        let shows: ShowCard[] = [];
        if (first && (type === 'all' || type === 'shows')) {
          const ids = await repo.findShowIds(tx, { variants, limit: type === 'all' ? SHOWS_IN_ALL : SHOWS_TAB });
          const rows = new Map((await repo.findShowsByIds(tx, ids)).map((r) => [r.stream.id, r]));
          shows = ids.flatMap((id) => {
            const row = rows.get(id);
            return row ? [{ ...toStreamDto(row.stream), storeName: row.storeName }] : [];
          });
        }

        let stores: SearchResults['stores'] = [];
        if (type === 'stores') {
          const rows = await repo.findStores(tx, { variants, offset, limit: SEARCH_PAGE_SIZE + 1 });
          stores = rows.slice(0, SEARCH_PAGE_SIZE).map((r) => toSellerDto(r.seller, SALES_IN_LISTS));
          nextCursor = rows.length > SEARCH_PAGE_SIZE ? writeCursor(offset + SEARCH_PAGE_SIZE) : null;
        } else if (first && type === 'all') {
          stores = (await repo.findStores(tx, { variants, offset: 0, limit: STORES_IN_ALL })).map((r) => toSellerDto(r.seller, SALES_IN_LISTS));
        }
        return { products, shows, stores, nextCursor };
      });
    },

    /** Category names first when what is typed begins one, then names that begin with it, then close ones. */
    async suggest(q: string): Promise<SearchSuggestions> {
      const typed = words(q).join(' ');
      if (!typed) return { suggestions: [] };
      const [productNames, storeNames, showTitles] = await repo.withThreshold(db, async (tx) => [
        await repo.completeProducts(tx, typed, SEARCH_SUGGESTIONS_MAX * 3),
        await repo.completeStores(tx, typed, SEARCH_SUGGESTIONS_MAX),
        await repo.completeShows(tx, typed, SEARCH_SUGGESTIONS_MAX),
      ]);
      const completions = [
        ...productNames.map((c) => ({ ...c, kind: 'product' as const })),
        ...storeNames.map((c) => ({ ...c, kind: 'store' as const })),
        ...showTitles.map((c) => ({ ...c, kind: 'show' as const })),
      ].sort((a, b) => Number(b.prefix) - Number(a.prefix) || Number(b.score) - Number(a.score));
      const seen = new Set<string>();
      const suggestions: SearchSuggestion[] = [];
      for (const s of [...categorySuggestions(q, typed), ...completions.map((c) => ({ text: c.text, kind: c.kind }))]) {
        const key = s.text.trim().toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        suggestions.push(s);
        if (suggestions.length === SEARCH_SUGGESTIONS_MAX) break;
      }
      return { suggestions };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
