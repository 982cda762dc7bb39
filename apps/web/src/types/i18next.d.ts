import 'i18next';
import type en from '../locales/en.json';

// Translation keys are typed from en.json, the key source.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
