import { Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

// Uploaded photos are stored 320, 640 and 1280 px wide next to each other (the product keeps the 640 one):
// offering all three lets a phone on a weak link fetch the smallest that is sharp enough.
const UPLOADED_640 = /^(\/uploads\/products\/[\w-]+)-640\.webp$/;
export function productImageSrcSet(src: string): string | undefined {
  const base = UPLOADED_640.exec(src)?.[1];
  return base ? [320, 640, 1280].map((w) => `${base}-${w}.webp ${w}w`).join(', ') : undefined;
}

/**
 * A product photo, or a placeholder when there is none (or it fails to load). `sizes` is how wide it is
 * drawn (CSS `sizes`); thumbnails by default.
 */
export function ProductImage({ src, className, sizes = '96px' }: { src: string | null; className?: string; sizes?: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {src && failed !== src ? (
        <img src={src} srcSet={productImageSrcSet(src)} sizes={sizes} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-rose-50" role="img" aria-label={t('stream.no_image')}>
          <Package className="size-8 text-brand-600/70" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
