import { useTranslation } from 'react-i18next';
import { LiveStreamsList } from '@/features/streams/components/live-streams-list';
import { StreamsFilterButton } from '@/features/streams/components/streams-filter';
import { PageHeader } from '../components/page-header';

export function StreamsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.live_streams')} backTo="/" action={<StreamsFilterButton />} />
      <main className="px-4 py-5">
        <LiveStreamsList />
      </main>
    </>
  );
}
