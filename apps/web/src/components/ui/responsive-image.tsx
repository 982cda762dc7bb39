import { imageSources } from '@live-market/contract/images';

export type ImagePriority = 'high' | 'eager' | 'lazy';

type ResponsiveImageProps = {
  src: string;
  /** CSS `sizes`: how wide the image is drawn, so the browser fetches the smallest copy that is sharp enough. */
  sizes: string;
  /** The aspect of the box it fills: reserves its space before the bytes arrive (no layout shift). */
  width: number;
  height: number;
  /**
   * 'high': the page's likely largest paint (fetched first, never lazy); 'eager': above the fold;
   * 'lazy' (default): below the fold, fetched as it nears the screen.
   */
  priority?: ImagePriority;
  alt?: string;
  className?: string;
  onError?: () => void;
};

/**
 * An image with every stored copy offered (decision 019): AVIF where the browser takes it, WebP otherwise,
 * each in three widths. Images without copies (seeded SVGs, a local preview, uploads from before AVIF)
 * render as they are.
 */
export function ResponsiveImage({ src, sizes, width, height, priority = 'lazy', alt = '', className, onError }: ResponsiveImageProps) {
  const sources = imageSources(src);
  const img = (
    <img
      // loading before src: some browsers start the fetch as soon as src is set.
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      decoding={priority === 'high' ? undefined : 'async'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      src={src}
      srcSet={sources?.webp}
      sizes={sources ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      className={className}
      onError={onError}
    />
  );
  if (!sources?.avif) return img;
  return (
    // display: contents keeps the img sized by its box, as if the picture were not there.
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
