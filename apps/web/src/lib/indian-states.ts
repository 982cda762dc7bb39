import states from 'virtual:english/states';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INDIAN_STATES, type IndianState } from '@live-market/contract/orders';
import { i18n } from './i18n';

// Issue 25: state names in the reader's language and script. The stored value stays the contract's
// English name (the server's and the courier's); only what is shown changes. The English names come
// with the code that shows addresses, not with the first route (vite.english.ts).
i18n.addResourceBundle('en', 'translation', { states }, true, false);

/** A state's name in the current language. */
export function useStateName(): (state: IndianState) => string {
  const { t } = useTranslation();
  return (state) => t(`states.${state}`);
}

/** Every state and union territory, named in the current language and sorted in its alphabet. */
export function useStateOptions(): { value: IndianState; label: string }[] {
  const { t, i18n: current } = useTranslation();
  const language = current.language;
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return INDIAN_STATES.map((value) => ({ value, label: t(`states.${value}`) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [t, language]);
}
