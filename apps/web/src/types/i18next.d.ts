import 'i18next';
import type contractEn from '@live-market/contract/locales/en.json';
import type en from '../locales/en.json';

// Translation keys are typed from the English catalogs, the key source: the app's and the contract's.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof contractEn };
  }
}
