import { Check, Gauge, Headphones, Leaf } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { VIDEO_QUALITIES, type VideoQuality } from '../hooks/use-video-quality';

const ICONS: Record<VideoQuality, ReactNode> = {
  auto: <Gauge className="size-5" aria-hidden="true" />,
  saver: <Leaf className="size-5" aria-hidden="true" />,
  audio: <Headphones className="size-5" aria-hidden="true" />,
};

/**
 * A round button over the video that opens Auto / Data saver / Audio only in a panel at the bottom
 * of the screen (the video frame is too short, and clips what overflows it). No sheet library: it
 * would add vaul to the stream page's first load.
 */
export function VideoQualityMenu({
  quality,
  onChange,
  dataSaver = true,
}: {
  quality: VideoQuality;
  onChange: (quality: VideoQuality) => void;
  /** false: the media server plays one layer (Janus), so there is no Data saver and Auto is the full video. */
  dataSaver?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const label = { auto: t('stream.quality_auto'), saver: t('stream.quality_saver'), audio: t('stream.quality_audio') };
  const options = dataSaver ? VIDEO_QUALITIES : VIDEO_QUALITIES.filter((option) => option !== 'saver');
  const hint = { auto: dataSaver ? t('stream.quality_auto_hint') : t('stream.quality_auto_full_hint'), saver: t('stream.quality_saver_hint'), audio: t('stream.quality_audio_hint') };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <div className="pointer-events-auto">
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-label={`${t('stream.quality_label')}: ${label[quality]}`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          className="inline-flex size-10 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur-sm"
        >
          {ICONS[quality]}
        </button>
        {open
          ? createPortal(
          <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/40" onClick={() => setOpen(false)}>
          <div
            id={menuId}
            role="menu"
            aria-label={t('stream.quality_label')}
            onClick={(event) => event.stopPropagation()}
            className="w-full max-w-lg rounded-t-3xl bg-card pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-card-foreground shadow-2xl"
          >
            <p className="px-5 pb-2 text-base font-bold">{t('stream.quality_label')}</p>
            {options.map((option) => (
              <button
                key={option}
                type="button"
                role="menuitemradio"
                aria-checked={option === quality}
                onClick={() => {
                  onChange(option);
                  setOpen(false);
                }}
                autoFocus={option === quality}
                className={cn('flex w-full items-start gap-3 px-5 py-3 text-left', option === quality && 'bg-muted')}
              >
                <span className="mt-0.5 text-muted-foreground">{ICONS[option]}</span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{label[option]}</span>
                  <span className="block text-xs text-muted-foreground">{hint[option]}</span>
                </span>
                {option === quality ? <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
              </button>
            ))}
          </div>
          </div>,
          document.body,
        )
          : null}
      </div>
    </>
  );
}
