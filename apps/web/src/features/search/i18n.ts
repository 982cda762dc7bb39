import search from 'virtual:english/search';
import { i18n } from '@/lib/i18n';

// The search page loads on demand: its English comes with its chunk (vite.english.ts), not with Home.
// Home's own field needs only `search_field`, which stays in the bundled catalog.
i18n.addResourceBundle('en', 'translation', { search }, true, false);
