import analytics from 'virtual:english/analytics';
import { i18n } from '@/lib/i18n';

// The seller analytics page's English comes with its code (vite.english.ts): issue 14 moved it off the
// first route to keep the live stream page within its 150 KB budget. Every module that renders an
// `analytics.*` text imports this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { analytics }, true, false);
