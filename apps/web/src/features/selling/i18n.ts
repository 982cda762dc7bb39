import selling from 'virtual:english/selling';
import { i18n } from '@/lib/i18n';

// Flash deals and auctions (issue 14) bring their English with their code (vite.english.ts): the live
// stream page's first load, at its 150 KB budget, carries only the hook that asks whether one runs.
// Every code-split entry of this feature imports this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { selling }, true, false);
