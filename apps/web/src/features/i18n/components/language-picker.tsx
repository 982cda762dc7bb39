import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@live-market/contract/i18n';
import { changeLanguage, isLanguageCode } from '@/lib/i18n';

/** A native <select> labelled 'Language' offering the ten languages by their native names. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <Languages className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const code = event.target.value;
          if (isLanguageCode(code)) void changeLanguage(code);
        }}
        className="h-10 max-w-[7.5rem] appearance-none rounded-full border border-input bg-card pr-3 pl-8 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
