import privacy from 'virtual:english/privacy';
import { i18n } from '@/lib/i18n';

// 'Your data' shows only in the profile settings: its English comes with it (vite.english.ts).
i18n.addResourceBundle('en', 'translation', { privacy }, true, false);
