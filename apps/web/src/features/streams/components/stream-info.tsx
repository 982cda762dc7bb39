import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamDetail } from '@live-market/contract/streams';
import { LikeShareActions } from './like-share-actions';

type StreamHeadingProps = {
  stream: StreamDetail;
  /** The Follow button (hidden for the owner), composed by the route. */
  follow?: ReactNode;
  /** The owner's End Stream button. */
  ownerAction?: ReactNode;
};

/** Title, store and Follow (or the owner's End Stream): the one line of text a phone keeps beside the video and chat. */
export function StreamHeading({ stream, follow, ownerAction }: StreamHeadingProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="line-clamp-2 text-base leading-tight font-bold break-words md:line-clamp-none md:text-xl">{stream.title}</h1>
        <p className="mt-0.5 truncate text-sm font-medium text-muted-foreground">{t('stream.by_store', { store: stream.seller.storeName })}</p>
      </div>
      {follow ?? ownerAction ?? null}
    </div>
  );
}

/** The store's rating and record (composed by the route), the description and the like / share actions, below the first screen on a phone. */
export function StreamAbout({ stream, trust }: { stream: StreamDetail; trust?: ReactNode }) {
  return (
    <section className="space-y-3">
      {trust}
      {stream.description ? <p className="text-sm leading-relaxed whitespace-pre-line text-foreground/80">{stream.description}</p> : null}
      <LikeShareActions title={stream.title} streamId={stream.id} />
    </section>
  );
}
