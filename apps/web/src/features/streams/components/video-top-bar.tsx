import { ArrowLeft, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { formatCount } from '@/lib/format';

/** Over the top of the video: Back, the LIVE badge and the live viewer count (or, not live, a label such as Replay). */
export function VideoTopBar({ backTo, isLive, viewerCount, label }: { backTo: string; isLive: boolean; viewerCount: number; label?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex items-center gap-2 bg-gradient-to-b from-black/60 to-transparent p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
      <Link
        href={backTo}
        aria-label={t('common.back')}
        className="pointer-events-auto inline-flex size-10 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur-sm hover:bg-black/60"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      {isLive ? (
        <>
          <Badge variant="live" className="shadow">
            <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {t('common.live_badge')}
          </Badge>
          <span className="inline-flex items-center gap-1 rounded-full bg-black/50 px-2.5 py-0.5 text-xs font-semibold text-white" aria-live="polite">
            <Eye className="size-3.5" aria-hidden="true" />
            {t('streams.watching', { viewers: formatCount(viewerCount) })}
          </span>
        </>
      ) : (
        label ?? null
      )}
    </div>
  );
}
