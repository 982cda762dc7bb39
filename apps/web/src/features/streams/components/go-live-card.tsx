import 'virtual:english-load/dashboard';
import { ArrowRight, CalendarPlus, Radio } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Product } from '@live-market/contract/products';
import '../shows-i18n';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSellerStreams } from '../api/get-seller-streams';
import type { ThumbnailFieldSlot } from './schedule-fields';

// The sheet (vaul, the camera, the form) loads when the seller first taps Go Live Now or Schedule a show.
const StartStreamSheet = lazy(() => import('./start-stream-sheet').then((m) => ({ default: m.StartStreamSheet })));

type GoLiveCardProps = {
  sellerId: string;
  /** The seller's user id: the show's broadcast joins its room as them. */
  userId: string;
  /** For a scheduled show's products and thumbnail (issue 13): the sellers feature's, composed by the dashboard. */
  products?: Product[];
  renderThumbnailField?: (field: ThumbnailFieldSlot) => ReactNode;
};

/**
 * The dashboard's Go Live card. SPEC section 4: a seller cannot start a new stream while one is live;
 * the Go Live button is then disabled, and the card leads back to the live stream instead. A show can
 * be scheduled for later at any time (issue 13).
 */
export function GoLiveCard({ sellerId, userId, products, renderThumbnailField }: GoLiveCardProps) {
  const { t } = useTranslation();
  const { data: streams, isLoading, refetch } = useSellerStreams(sellerId);
  // A new key per open: each opening starts from an empty form (and the right mode).
  const [sheet, setSheet] = useState({ open: false, key: 0, scheduling: false });
  const liveStream = streams?.find((stream) => stream.isLive);
  // A show remembered as live may have ended since (in another tab, or by itself when the camera left):
  // ask again when the card appears, so Go Live is not held back by an old answer.
  const rememberedLive = liveStream !== undefined;
  useEffect(() => {
    if (rememberedLive) void refetch();
    // Only on mount: later changes come from this page's own actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const openSheet = (scheduling: boolean) => setSheet((s) => ({ open: true, key: s.key + 1, scheduling }));
  const setOpen = (open: boolean) => setSheet((s) => ({ ...s, open }));

  return (
    <Card className="overflow-hidden">
      <div className="flex items-start gap-4 bg-gradient-to-br from-rose-50 to-brand-50 p-5">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-live text-white shadow-md">
          <Radio className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold">{t('dashboard.go_live_title')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{liveStream ? t('dashboard.live_now_note') : t('dashboard.go_live_body')}</p>
        </div>
      </div>
      <div className="space-y-3 p-5 pt-4">
        <Button size="lg" className="w-full" onClick={() => openSheet(false)} disabled={isLoading || liveStream !== undefined}>
          <Radio aria-hidden="true" />
          {t('dashboard.go_live_now')}
        </Button>
        <Button variant="outline" className="w-full" onClick={() => openSheet(true)} disabled={isLoading}>
          <CalendarPlus aria-hidden="true" />
          {t('shows.schedule_a_show')}
        </Button>
        {liveStream ? (
          <Link href={`/stream/${liveStream.id}`} className="flex items-center justify-center gap-1 text-sm font-semibold text-primary hover:underline">
            {t('dashboard.return_to_stream')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {sheet.key > 0 ? (
        <Suspense fallback={null}>
          <StartStreamSheet
            key={sheet.key}
            open={sheet.open}
            onOpenChange={setOpen}
            initiallyScheduling={sheet.scheduling}
            userId={userId}
            products={products}
            renderThumbnailField={renderThumbnailField}
            onAlreadyLive={() => {
              setOpen(false);
              void refetch();
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
