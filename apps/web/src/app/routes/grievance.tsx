import '@/features/support/i18n';
import { useTranslation } from 'react-i18next';
import { GrievanceOfficerCard } from '@/features/support/components/grievance-officer';
import { PageHeader } from '../components/page-header';

/** /grievance (issue 28): the grievance officer and the time limits, for anyone, signed in or not. */
export function GrievanceRoute({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('grievance.title')} backTo={signedIn ? '/profile' : '/'} />
      <main className="px-4 py-5">
        <GrievanceOfficerCard signedIn={signedIn} />
      </main>
    </>
  );
}
