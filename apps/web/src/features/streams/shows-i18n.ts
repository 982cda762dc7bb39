import shows from 'virtual:english/shows';
import { i18n } from '@/lib/i18n';

// Upcoming shows, scheduling and replays (issue 13) bring their English with them (vite.english.ts):
// the live stream page's first load, at its 150 KB budget, does not carry them. Every module that
// renders a `shows.*` text imports this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { shows }, true, false);
