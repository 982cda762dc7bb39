import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The logo mark and name; `compact` hides the name on phones, where the header's icons need the room. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight">
      <span className="flex size-9 items-center justify-center rounded-xl bg-brand-gradient text-white shadow-md shadow-rose-500/20">
        <Play className="size-4 fill-current" aria-hidden="true" />
      </span>
      <span className={cn(compact && 'max-[429px]:sr-only')}>{t('common.brand')}</span>
    </span>
  );
}
