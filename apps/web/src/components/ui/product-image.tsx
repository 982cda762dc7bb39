import { Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { ResponsiveImage, type ImagePriority } from './responsive-image';

/**
 * A product photo, or a placeholder when there is none (or it fails to load). Every product box is
 * square; `sizes` is how wide it is drawn (CSS `sizes`), thumbnails by default.
 */
export function ProductImage({
  src,
  className,
  sizes = '96px',
  priority,
}: {
  src: string | null;
  className?: string;
  sizes?: string;
  priority?: ImagePriority;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {src && failed !== src ? (
        <ResponsiveImage src={src} sizes={sizes} width={640} height={640} priority={priority} onError={() => setFailed(src)} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-rose-50" role="img" aria-label={t('stream.no_image')}>
          <Package className="size-8 text-brand-600/70" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
