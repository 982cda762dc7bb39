import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@live-market/contract/i18n';
import { cn } from '@/lib/utils';
import { setShowLanguage, useOwnLanguage, useShowLanguage } from '../hooks/use-show-language';
import { languagesOwnFirst } from '../utils/show-language';

const chip = 'inline-flex h-9 shrink-0 items-center rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition';
const on = 'border-transparent bg-brand-gradient text-white';
const off = 'bg-card text-foreground hover:bg-muted';

/**
 * 'All' and the ten languages, the viewer's own first: one line that scrolls sideways on Home
 * ('row'), or wrapped in the /streams filter sheet ('wrap'). Choosing one filters the shows on this device.
 */
export function LanguageChips({ layout = 'row', onChoose }: { layout?: 'row' | 'wrap'; onChoose?: (language: LanguageCode | null) => void }) {
  const { t } = useTranslation();
  const own = useOwnLanguage();
  const chosen = useShowLanguage();
  const choose = (language: LanguageCode | null) => {
    setShowLanguage(language);
    onChoose?.(language);
  };
  return (
    <ul
      aria-label={t('show_language.filter_label')}
      className={cn(layout === 'row' ? '-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]' : 'flex flex-wrap gap-2')}
    >
      <li className="shrink-0">
        <button type="button" aria-pressed={chosen === null} className={cn(chip, chosen === null ? on : off)} onClick={() => choose(null)}>
          {t('show_language.all')}
        </button>
      </li>
      {languagesOwnFirst(own).map((language) => (
        <li key={language.code} className="shrink-0">
          <button
            type="button"
            lang={language.code}
            aria-pressed={chosen === language.code}
            className={cn(chip, chosen === language.code ? on : off)}
            onClick={() => choose(language.code)}
          >
            {language.nativeName}
          </button>
        </li>
      ))}
    </ul>
  );
}
