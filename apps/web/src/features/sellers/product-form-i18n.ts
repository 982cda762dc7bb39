import productForm from 'virtual:english/product_form';
import returnPolicy from 'virtual:english/return_policy';
import { i18n } from '@/lib/i18n';

// The product form's English comes with its code (vite.english.ts): issue 14 moved it off the first
// route to keep the live stream page within its 150 KB budget. Every module that renders a
// `product_form.*` text imports this first; the other languages' catalogs hold them already.
i18n.addResourceBundle('en', 'translation', { product_form: productForm, return_policy: returnPolicy }, true, false);
