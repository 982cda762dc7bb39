// English is the one catalog bundled with the first route (lib/i18n.ts); the other nine are fetched
// as JSON. A feature that only ever loads on demand keeps its English texts in its own chunk instead:
// its section leaves the bundled catalog and comes as `virtual:english/<section>`, which the feature's
// code-split entries import and add to i18n. en.json stays the one source of every key (the locale
// check, the key types); only where its texts travel changes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Top-level sections of en.json that load with their feature: moderation's tools, menus and dashboard
 * card (issue 12); upcoming shows, scheduling and replays, and the push-notification setting (issue 13);
 * the signed-out landing page (issue 13 made room for its texts on the stream page's 150 KB budget); flash
 * deals and auctions, whose banner, card and sheets load only once one runs or the owner opens a sheet, and
 * (to make room on the stream page for the hook that asks whether one runs) the become-a-seller page,
 * the seller analytics page and the product form (issue 14); a live seller's tools sheet, "You're live"
 * pill and sign-out question, which load with the seller's own code (issue 25); the names of India's
 * states and union territories, which only addresses show (issue 25); the seller's money screen and its
 payout reminder (issue 26); Help & complaints, the grievance officer's page and 'Your data', and the
 * operator console (issue 28); the category pages and the search page (issue 29).
 */
export const ENGLISH_ON_DEMAND = ['moderation', 'shows', 'push', 'landing', 'selling', 'become_seller', 'analytics', 'product_form', 'pro_camera', 'broadcast', 'states', 'money', 'support', 'grievance', 'privacy', 'product_page', 'return_policy', 'admin', 'category', 'search', 'orders', 'checkout', 'returns', 'seller_orders', 'verification', 'dashboard', 'profile', 'wishlist', 'notifications', 'seller_returns', 'settings', 'seller_products', 'confirm_cod', 'verification_tiers', 'cart', 'coins', 'reviews', 'engagement', 'start_stream'];

const EN_JSON = fileURLToPath(new URL('./src/locales/en.json', import.meta.url));
const I18N = fileURLToPath(new URL('./src/lib/i18n.ts', import.meta.url));
const PREFIX = 'virtual:english/';
// `import 'virtual:english-load/<section>'`: adds the section to i18n where a module uses it, for the
// sections whose keys are read across many components (orders, checkout…), each of which imports it.
const LOAD_PREFIX = 'virtual:english-load/';

/** `strip`: take the sections out of the bundled en.json (the browser build); the server render and the tests keep them. */
export function englishOnDemand({ strip }: { strip: boolean }): Plugin {
  return {
    name: 'live-market:english-on-demand',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) || id.startsWith(LOAD_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${LOAD_PREFIX}`)) {
        const section = id.slice(LOAD_PREFIX.length + 1);
        return [
          `import texts from ${JSON.stringify(PREFIX + section)};`,
          `import { i18n } from ${JSON.stringify(I18N)};`,
          `i18n.addResourceBundle('en', 'translation', { ${JSON.stringify(section)}: texts }, true, false);`,
        ].join('\n');
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const section = id.slice(PREFIX.length + 1);
      this.addWatchFile(EN_JSON);
      const texts = (JSON.parse(readFileSync(EN_JSON, 'utf8')) as Record<string, unknown>)[section];
      if (!ENGLISH_ON_DEMAND.includes(section) || texts === undefined) this.error(`en.json's "${section}" is not a section loaded on demand`);
      return `export default ${JSON.stringify(texts)};`;
    },
    transform(code, id) {
      if (!strip || id !== EN_JSON) return null;
      const texts = JSON.parse(code) as Record<string, unknown>;
      for (const section of ENGLISH_ON_DEMAND) delete texts[section];
      return { code: JSON.stringify(texts), map: null };
    },
  };
}
