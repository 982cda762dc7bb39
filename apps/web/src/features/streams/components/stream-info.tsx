import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamDetail } from '@live-market/contract/streams';
import { LikeShareActions } from './like-share-actions';

type StreamInfoProps = {
  stream: StreamDetail;
  /** The Follow button (hidden for the owner), composed by the route. */
  follow?: ReactNode;
  /** The owner's End Stream button. */
  ownerAction?: ReactNode;
};

/** Title, store, description and the follow / like / share actions under the video. */
export function StreamInfo({ stream, follow, ownerAction }: StreamInfoProps) {
  const { t } = useTranslation();
  return (
    <section className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl leading-tight font-bold break-words">{stream.title}</h1>
          <p className="mt-0.5 text-sm font-medium text-muted-foreground">{t('stream.by_store', { store: stream.seller.storeName })}</p>
        </div>
        {follow ?? ownerAction ?? null}
      </div>
      {stream.description ? <p className="text-sm leading-relaxed whitespace-pre-line text-foreground/80">{stream.description}</p> : null}
      <LikeShareActions title={stream.title} streamId={stream.id} />
    </section>
  );
}
