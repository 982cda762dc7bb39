import { Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** A product photo, or a placeholder when there is none (or it fails to load). */
export function ProductImage({ src, className }: { src: string | null; className?: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {src && failed !== src ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-rose-50" role="img" aria-label={t('stream.no_image')}>
          <Package className="size-8 text-brand-600/70" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
