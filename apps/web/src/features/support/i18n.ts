import grievance from 'virtual:english/grievance';
import support from 'virtual:english/support';
import { i18n } from '@/lib/i18n';

// Help & complaints and the grievance officer's page load on demand: their English comes with their
// chunk (vite.english.ts), not with every first page. Each support component imports this first.
i18n.addResourceBundle('en', 'translation', { support, grievance }, true, false);
