import money from 'virtual:english/money';
import { i18n } from '@/lib/i18n';

// The money screen's English comes with its code (vite.english.ts, issue 26): the seller money page and
// the dashboard's payout reminder import this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { money }, true, false);
