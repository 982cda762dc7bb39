import { ChevronDown, Languages } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@live-market/contract/i18n';
import { cn } from '@/lib/utils';
import { changeLanguage, isLanguageCode } from '@/lib/i18n';

/**
 * A native <select> labelled 'Language' offering the ten languages by their native names. `compact`
 * shows only the language icon until tapped (the list still names each language in its own script),
 * for headers that are full on a 360 px phone; from the `sm` breakpoint up it shows the name too.
 * `wide` fills its row (Profile → Settings).
 */
export function LanguagePicker({ compact = false, wide = false }: { compact?: boolean; wide?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A server-rendered picker can be changed before the app's script has taken the page over; that
  // change fired no handler, so the choice the select shows once hydrated is applied now.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== i18n.language && isLanguageCode(chosen)) void changeLanguage(chosen);
    // Only the value found at hydration: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={cn('relative flex shrink-0 items-center', wide && 'w-full')}>
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <Languages
        className={cn('pointer-events-none absolute size-4 text-muted-foreground', compact ? 'left-3 max-sm:text-foreground' : 'left-2.5')}
        aria-hidden="true"
      />
      <select
        id={id}
        ref={select}
        value={i18n.language}
        onChange={(event) => {
          const code = event.target.value;
          if (isLanguageCode(code)) void changeLanguage(code);
        }}
        className={cn(
          'h-10 appearance-none rounded-full border border-input bg-card pr-3 pl-8 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
          // wide: a settings row's full-width field (issue 25), 44 px tall.
          wide ? 'h-11 w-full rounded-xl pr-9 text-base' : compact ? 'max-sm:w-10 max-sm:px-0 max-sm:text-transparent sm:max-w-[7.5rem]' : 'max-w-[7.5rem]',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code} className="text-foreground">
            {language.nativeName}
          </option>
        ))}
      </select>
      {wide ? <ChevronDown className="pointer-events-none absolute right-3 size-4 text-muted-foreground" aria-hidden="true" /> : null}
    </div>
  );
}
