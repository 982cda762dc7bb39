import broadcast from 'virtual:english/broadcast';
import { i18n } from '@/lib/i18n';

// A live seller's tools sheet, "You're live" pill and sign-out question (issue 25) bring their English
// with them (vite.english.ts): only sellers load them. Every module that renders a `broadcast.*` text
// imports this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { broadcast }, true, false);
