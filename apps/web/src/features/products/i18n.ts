import productPage from 'virtual:english/product_page';
import returnPolicy from 'virtual:english/return_policy';
import { i18n } from '@/lib/i18n';

// The product sheet and the checkout's "Sold by" load on demand: their English comes with their chunk
// (vite.english.ts), not with the stream page. Each products component imports this first.
i18n.addResourceBundle('en', 'translation', { product_page: productPage, return_policy: returnPolicy }, true, false);
