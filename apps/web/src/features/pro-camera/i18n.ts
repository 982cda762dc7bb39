import proCamera from 'virtual:english/pro_camera';
import { i18n } from '@/lib/i18n';

// This feature's English texts come with its code (vite.english.ts); the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { pro_camera: proCamera }, true, false);
