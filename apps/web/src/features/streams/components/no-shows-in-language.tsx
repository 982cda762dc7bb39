import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@live-market/contract/i18n';
import { Button } from '@/components/ui/button';
import { setShowLanguage } from '../hooks/use-show-language';
import { nativeNameOf } from '../utils/show-language';

/** Live shows exist, none in the chosen language: say so, and offer them all. */
export function NoShowsInLanguage({ language }: { language: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed bg-card px-6 py-8 text-center">
      <p className="text-sm text-muted-foreground">{t('show_language.none_live', { language: nativeNameOf(language) })}</p>
      <Button variant="outline" className="mt-4" onClick={() => setShowLanguage(null)}>
        {t('show_language.show_all')}
      </Button>
    </div>
  );
}
