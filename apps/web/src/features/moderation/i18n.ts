import moderation from 'virtual:english/moderation';
import { i18n } from '@/lib/i18n';

// This feature's English texts come with its code, not with the first route (vite.english.ts). Each of
// its code-split entries imports this module first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { moderation }, true, false);
