import { Check, Gauge, Headphones, Leaf } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { VIDEO_QUALITIES, type VideoQuality } from '../hooks/use-video-quality';

const ICONS: Record<VideoQuality, ReactNode> = {
  auto: <Gauge className="size-5" aria-hidden="true" />,
  saver: <Leaf className="size-5" aria-hidden="true" />,
  audio: <Headphones className="size-5" aria-hidden="true" />,
};

/** A round button over the video that opens Auto / Data saver / Audio only. */
export function VideoQualityMenu({ quality, onChange }: { quality: VideoQuality; onChange: (quality: VideoQuality) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const label = { auto: t('stream.quality_auto'), saver: t('stream.quality_saver'), audio: t('stream.quality_audio') };
  const hint = { auto: t('stream.quality_auto_hint'), saver: t('stream.quality_saver_hint'), audio: t('stream.quality_audio_hint') };

  return (
    <>
      {open ? <button type="button" tabIndex={-1} aria-hidden="true" className="pointer-events-auto fixed inset-0 z-10 cursor-default" onClick={() => setOpen(false)} /> : null}
      <div className="pointer-events-auto relative z-20">
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
        {open ? (
          <div
            id={menuId}
            role="menu"
            aria-label={t('stream.quality_label')}
            className="absolute bottom-12 left-0 w-64 max-w-[calc(100vw-2rem)] overflow-hidden rounded-2xl bg-white py-1 text-foreground shadow-xl"
          >
            {VIDEO_QUALITIES.map((option) => (
              <button
                key={option}
                type="button"
                role="menuitemradio"
                aria-checked={option === quality}
                onClick={() => {
                  onChange(option);
                  setOpen(false);
                }}
                className={cn('flex w-full items-start gap-3 px-4 py-2.5 text-left', option === quality && 'bg-muted')}
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
        ) : null}
      </div>
    </>
  );
}
