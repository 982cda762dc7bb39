import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { nativeNameOf } from '../utils/show-language';

/** A show card's small pill: the language the show is in, in its own script, so a viewer knows before tapping. */
export function LanguageLabel({ language, className }: { language: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white', className)}>
      <span className="sr-only">{t('show_language.card_label')} </span>
      <span lang={language}>{nativeNameOf(language)}</span>
    </span>
  );
}
