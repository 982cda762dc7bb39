import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@live-market/contract/i18n';
import { cn } from '@/lib/utils';
import { setShowLanguage, useOwnLanguage, useShowLanguage } from '../hooks/use-show-language';
import { languagesOwnFirst } from '../utils/show-language';

/**
 * 'All' and the ten languages, the viewer's own first: one line that scrolls sideways on Home
 * ('row'), or wrapped in the /streams filter sheet ('wrap'). Choosing one filters the shows on this device.
 */
export function LanguageChips({ layout = 'row', onChoose }: { layout?: 'row' | 'wrap'; onChoose?: () => void }) {
  const { t } = useTranslation();
  const chosen = useShowLanguage();
  const chips: Array<{ code: LanguageCode | null; name: string }> = [{ code: null, name: t('show_language.all') }];
  for (const l of languagesOwnFirst(useOwnLanguage())) chips.push({ code: l.code, name: l.nativeName });
  return (
    <ul aria-label={t('show_language.filter_label')} className={cn('flex gap-2', layout === 'row' ? '-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:none]' : 'flex-wrap')}>
      {chips.map(({ code, name }) => (
        <li key={code ?? ''} className="shrink-0">
          <button
            type="button"
            lang={code ?? undefined}
            aria-pressed={chosen === code}
            className={cn('h-9 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap', chosen === code ? 'border-transparent bg-brand-gradient text-white' : 'bg-card')}
            onClick={() => {
              setShowLanguage(code);
              onChoose?.();
            }}
          >
            {name}
          </button>
        </li>
      ))}
    </ul>
  );
}
