import becomeSeller from 'virtual:english/become_seller';
import { i18n } from '@/lib/i18n';

// The become-a-seller page's English comes with its code (vite.english.ts): issue 14 moved it off the
// first route to keep the live stream page within its 150 KB budget. Every module that renders a
// `become_seller.*` text imports this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { become_seller: becomeSeller }, true, false);
