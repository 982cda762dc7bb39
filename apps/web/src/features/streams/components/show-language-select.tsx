import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@live-market/contract/i18n';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useOwnLanguage } from '../hooks/use-show-language';
import { languagesOwnFirst } from '../utils/show-language';

/** The go-live and schedule sheets' 'Language of the show': the ten, each in its own script, the seller's own first. */
export function ShowLanguageSelect({ value, onChange }: { value: LanguageCode; onChange: (language: LanguageCode) => void }) {
  const { t } = useTranslation();
  const own = useOwnLanguage();
  const ids = { select: useId(), hint: useId() };
  return (
    <div className="space-y-2">
      <Label htmlFor={ids.select}>{t('show_language.field_label')}</Label>
      <Select id={ids.select} aria-describedby={ids.hint} value={value} onChange={(event) => onChange(event.target.value as LanguageCode)}>
        {languagesOwnFirst(own).map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.nativeName}
          </option>
        ))}
      </Select>
      <p id={ids.hint} className="text-xs text-muted-foreground">
        {t('show_language.field_hint')}
      </p>
    </div>
  );
}
