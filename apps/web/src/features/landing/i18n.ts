import landing from 'virtual:english/landing';
import { i18n } from '@/lib/i18n';

// The landing page's English comes with its chunk, not with every first page (vite.english.ts): a
// signed-in home or a shared stream page never shows it. Each landing component imports this first.
i18n.addResourceBundle('en', 'translation', { landing }, true, false);
