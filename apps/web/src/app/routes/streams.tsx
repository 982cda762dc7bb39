import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import { SearchEntry } from '@/features/search/components/search-entry';
import { LiveStreamsList } from '@/features/streams/components/live-streams-list';
import { StreamsFilterButton } from '@/features/streams/components/streams-filter';
import { UpcomingSection } from '@/features/streams/components/upcoming-section';
import { PageHeader } from '../components/page-header';
import { offerPush } from '../push';

export function StreamsRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.live_streams')} backTo="/" action={<StreamsFilterButton />} />
      <main className="space-y-8 px-4 py-5">
        <SearchEntry type="shows" />
        <LiveStreamsList />
        <UpcomingSection layout="list" onRemind={() => offerPush(user)} ownSellerId={user.seller?.id} />
      </main>
    </>
  );
}
