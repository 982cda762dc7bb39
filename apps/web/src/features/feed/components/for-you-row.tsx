import type { ReactNode } from 'react';
import type { Product } from '@live-market/contract/products';
import type { ShowCard } from '@live-market/contract/search';
import type { UpcomingStream } from '@live-market/contract/shows';
import { useForYou } from '../api/get-for-you';
import { ForYouFrame, ForYouSkeleton } from './for-you-frame';
import { ProductTile } from './product-tile';

export type FeedCards = {
  renderLive: (show: ShowCard, index: number) => ReactNode;
  renderUpcoming: (show: UpcomingStream) => ReactNode;
  onBuy: (product: Product) => void;
};

type Item = { key: string; wide: boolean; node: ReactNode };

// Live shows lead; then each announced show with two products after it, so products are not all at the far end.
function interleave({ live, upcoming, products }: { live: ShowCard[]; upcoming: UpcomingStream[]; products: Product[] }, cards: FeedCards): Item[] {
  const items: Item[] = live.map((show, i) => ({ key: show.id, wide: true, node: cards.renderLive(show, i) }));
  const rest = [...products];
  const product = (p: Product): Item => ({ key: p.id, wide: false, node: <ProductTile product={p} onBuy={cards.onBuy} className="h-full w-full" /> });
  for (const show of upcoming) {
    items.push({ key: show.id, wide: true, node: cards.renderUpcoming(show) });
    items.push(...rest.splice(0, 2).map(product));
  }
  return [...items, ...rest.map(product)];
}

/** Home's first row: what this shopper may like, scrolling sideways. Nothing when there is nothing (or it failed). */
export function ForYouRow(cards: FeedCards) {
  const { data, isPending } = useForYou();
  if (isPending) return <ForYouSkeleton />;
  const items = data ? interleave(data, cards) : [];
  if (items.length === 0) return null;
  return (
    <ForYouFrame>
      {/* relative: a card's visually hidden text (absolutely placed) would otherwise widen the whole page to the row's length. */}
      <ul className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:none]">
        {items.map((item) => (
          <li key={item.key} className={`shrink-0 snap-start ${item.wide ? 'w-[72%] max-w-xs' : 'w-[40%] max-w-44'}`}>
            {item.node}
          </li>
        ))}
      </ul>
    </ForYouFrame>
  );
}
