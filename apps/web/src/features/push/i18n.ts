import push from 'virtual:english/push';
import { i18n } from '@/lib/i18n';

// The push setting's English comes with its code, not with the first route (vite.english.ts).
i18n.addResourceBundle('en', 'translation', { push }, true, false);
