import admin from 'virtual:english/admin';
import support from 'virtual:english/support';
import { i18n } from '@/lib/i18n';

// The operator console loads on demand (only at /admin): its English comes with its chunk
// (vite.english.ts), and with it the support section, whose ticket categories the Tickets queue shows.
// Each admin component imports this first.
i18n.addResourceBundle('en', 'translation', { admin, support }, true, false);
