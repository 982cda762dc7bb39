import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '../shows-i18n';
import { cn } from '@/lib/utils';
import { useUpcomingStreams } from '../api/get-upcoming-streams';
import { useListsLive } from '../hooks/use-lists-live';
import { useShowLanguage, useShowsForViewer } from '../hooks/use-show-language';
import { firstCards } from './live-stream-card';
import { UpcomingCard } from './upcoming-card';

type UpcomingSectionProps = {
  /** 'row' (home, under Live Now): one line that scrolls sideways; 'list' (/streams): cards down the page. */
  layout?: 'row' | 'list';
  onRemind?: () => void;
  /** The viewer's own store: its shows offer Manage instead of Remind me. */
  ownSellerId?: string;
};

/**
 * 'Upcoming': announced shows, soonest first, each with a countdown, Remind me and Share. Shown only
 * when there is one: an empty or failed list takes no room from Live Now.
 */
export function UpcomingSection({ layout = 'row', onRemind, ownSellerId }: UpcomingSectionProps) {
  const { t } = useTranslation();
  // Issue 29: in the chosen language only (the server narrows it), else the viewer's own language first.
  const { shows } = useShowsForViewer(useUpcomingStreams({ language: useShowLanguage() }).data);
  // Issue 25: announced shows appear, and started or cancelled ones leave, as the server tells.
  useListsLive();
  if (!shows || shows.length === 0) return null;

  return (
    <section aria-labelledby="upcoming-heading" className="space-y-3">
      <div className="flex items-center gap-2">
        <CalendarClock className="size-5 text-violet-700" aria-hidden="true" />
        <h2 id="upcoming-heading" className="text-xl font-bold">
          {t('shows.upcoming')}
        </h2>
      </div>
      <ul
        className={cn(
          layout === 'row'
            ? '-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:none]'
            : 'grid gap-4 sm:grid-cols-2',
        )}
      >
        {shows.map((show, index) => (
          <li key={show.id} className={cn(layout === 'row' && 'flex w-[80%] max-w-xs shrink-0 snap-start')}>
            {/* Below Live Now, so never the page's largest paint: the first two load eagerly, the rest lazily. */}
            <UpcomingCard show={show} priority={firstCards(index + 1)} onRemind={onRemind} isOwn={show.sellerId === ownSellerId} className="w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}
