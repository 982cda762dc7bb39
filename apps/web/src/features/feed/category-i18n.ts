import category from 'virtual:english/category';
import { i18n } from '@/lib/i18n';

// The category page loads on demand: its English comes with its chunk (vite.english.ts), not with Home.
i18n.addResourceBundle('en', 'translation', { category }, true, false);
