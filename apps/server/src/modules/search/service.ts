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
// Suggestions look for typos only from this many letters: fewer match too much to be worth the cost.
const FUZZY_FROM = 4;
// Results too: close matches (typos, or some of several words) only for a query of that many letters.
// Three are close to half of everything ("qqqxz", keyed "ksj", met the Kashi store and its show).
const hasTypoRoom = (variant: string) => variant.replaceAll(' ', '').length >= FUZZY_FROM;

const NOTHING: SearchResults = { products: [], shows: [], stores: [], nextCursor: null };

interface Page {
  offset: number;
  /** Whole words first; typos (fuzzy) when those were too few for a page. Kept from page to page. */
  mode: repo.MatchMode;
}

export function writeCursor(page: Page): string {
  return Buffer.from(`${page.mode === 'words' ? 'w' : 'f'}${page.offset}`).toString('base64url');
}

function readCursor(cursor: string): Page {
  const match = /^([wf])(\d{1,5})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match ? Number(match[2]) : NaN;
  if (!match || !(offset > 0 && offset <= MAX_OFFSET)) throw new HttpError(400, 'Invalid cursor');
  return { offset, mode: match[1] === 'w' ? 'words' : 'fuzzy' };
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
      const page = cursor === undefined ? { offset: 0, mode: 'words' as const } : readCursor(cursor);
      const { offset } = page;
      const variants = queryVariants(q);
      if (variants.length === 0) return NOTHING;
      const first = offset === 0;
      const typos = variants.some(hasTypoRoom);
      const bonus = type === 'all' || type === 'products' ? await bonuses() : new Map<string, number>();

      return repo.withThreshold(db, async (tx) => {
        let nextCursor: string | null = null;
        let products: SearchResults['products'] = [];
        if (type === 'all' || type === 'products') {
          let mode = page.mode;
          let ranked = await repo.findProductIds(tx, { variants, mode, bonus, offset, limit: SEARCH_PAGE_SIZE + 1 });
          // Whole words found less than a page: a typo, perhaps ("neckles"). Close matches then, typos included.
          if (first && typos && ranked.length <= SEARCH_PAGE_SIZE) {
            mode = 'fuzzy';
            ranked = await repo.findProductIds(tx, { variants, mode, bonus, offset, limit: SEARCH_PAGE_SIZE + 1 });
          }
          const shown = ranked.slice(0, SEARCH_PAGE_SIZE);
          const rows = new Map((await repo.findProductsByIds(tx, shown.map((r) => r.id))).map((p) => [p.id, p]));
          products = shown.flatMap((r) => (rows.has(r.id) ? [toProductDto(rows.get(r.id)!)] : []));
          if (ranked.length > SEARCH_PAGE_SIZE) nextCursor = writeCursor({ offset: offset + SEARCH_PAGE_SIZE, mode });
        }

        let shows: ShowCard[] = [];
        if (first && (type === 'all' || type === 'shows')) {
          const limit = type === 'all' ? SHOWS_IN_ALL : SHOWS_TAB;
          let ids = await repo.findShowIds(tx, { variants, mode: 'words', limit });
          if (ids.length === 0 && typos) ids = await repo.findShowIds(tx, { variants, mode: 'fuzzy', limit });
          const rows = new Map((await repo.findShowsByIds(tx, ids)).map((r) => [r.stream.id, r]));
          shows = ids.flatMap((id) => {
            const row = rows.get(id);
            return row ? [{ ...toStreamDto(row.stream), storeName: row.storeName }] : [];
          });
        }

        let stores: SearchResults['stores'] = [];
        if (type === 'stores') {
          let mode = page.mode;
          let rows = await repo.findStores(tx, { variants, mode, offset, limit: SEARCH_PAGE_SIZE + 1 });
          if (first && typos && rows.length === 0) {
            mode = 'fuzzy';
            rows = await repo.findStores(tx, { variants, mode, offset, limit: SEARCH_PAGE_SIZE + 1 });
          }
          stores = rows.slice(0, SEARCH_PAGE_SIZE).map((r) => toSellerDto(r.seller, SALES_IN_LISTS));
          nextCursor = rows.length > SEARCH_PAGE_SIZE ? writeCursor({ offset: offset + SEARCH_PAGE_SIZE, mode }) : null;
        } else if (first && type === 'all') {
          let rows = await repo.findStores(tx, { variants, mode: 'words', offset: 0, limit: STORES_IN_ALL });
          if (rows.length === 0 && typos) rows = await repo.findStores(tx, { variants, mode: 'fuzzy', offset: 0, limit: STORES_IN_ALL });
          stores = rows.map((r) => toSellerDto(r.seller, SALES_IN_LISTS));
        }
        return { products, shows, stores, nextCursor };
      });
    },

    /** Category names first when what is typed begins one, then names that begin with it, then close ones. */
    async suggest(q: string): Promise<SearchSuggestions> {
      const typed = words(q).join(' ');
      if (!typed) return { suggestions: [] };
      const limits = { product: SEARCH_SUGGESTIONS_MAX * 3, store: SEARCH_SUGGESTIONS_MAX, show: SEARCH_SUGGESTIONS_MAX };
      // Names that begin so: read in index order, no settings needed.
      let completions = await repo.complete(db, typed, limits);
      // Nothing begins so: perhaps a typo. Close names then, when the word is long enough to judge; with
      // several words, first a typo in the last one among names whose earlier words run as typed, then anywhere.
      if (completions.length === 0 && typed.length >= FUZZY_FROM) {
        completions = await repo.withThreshold(db, async (tx) => {
          const lead = typed.includes(' ') ? await repo.complete(tx, typed, limits, 'lead') : [];
          return lead.length ? lead : repo.complete(tx, typed, limits, true);
        });
      }
      completions.sort((a, b) => Number(b.prefix) - Number(a.prefix) || Number(b.score) - Number(a.score) || a.text.length - b.text.length);
      const seen = new Set<string>();
      const suggestions: SearchSuggestion[] = [];
      for (const s of [...categorySuggestions(q, typed), ...completions.map((c) => ({ text: c.text, kind: c.kind }) as SearchSuggestion)]) {
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
