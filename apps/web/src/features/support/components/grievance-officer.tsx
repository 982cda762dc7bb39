import '@/features/support/i18n';
import { Mail, Phone, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useGrievanceOfficer } from '../api/support';

/** /grievance: who the grievance officer is, how to reach them, and the time limits (public). */
export function GrievanceOfficerCard({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { data: officer, isError } = useGrievanceOfficer();
  if (isError) return <p role="alert">{t('grievance.load_error')}</p>;
  if (!officer) return <Skeleton className="h-48 rounded-2xl" />;
  return (
    <Card className="space-y-4 p-4 text-sm">
      <p>{t('grievance.intro', { hours: officer.acknowledgeHours, days: officer.resolveDays })}</p>
      <dl className="space-y-3">
        <div className="flex items-center gap-3">
          <UserRound className="size-5 text-brand-600" aria-hidden="true" />
          <dt className="sr-only">{t('grievance.name')}</dt>
          <dd className="font-semibold">{officer.name}</dd>
        </div>
        <div className="flex items-center gap-3">
          <Mail className="size-5 text-brand-600" aria-hidden="true" />
          <dt className="sr-only">{t('grievance.email')}</dt>
          <dd>
            <a className="text-primary underline" href={`mailto:${officer.email}`}>
              {officer.email}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-3">
          <Phone className="size-5 text-brand-600" aria-hidden="true" />
          <dt className="sr-only">{t('grievance.phone')}</dt>
          <dd>
            <a className="text-primary underline" href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`}>
              {officer.phone}
            </a>
          </dd>
        </div>
      </dl>
      {signedIn ? (
        <Link href="/support" className={buttonVariants({ className: 'w-full' })}>
          {t('grievance.write')}
        </Link>
      ) : (
        // Signed out: the sign-in page (outside the app), which comes back to Help & complaints.
        <a href="/api/login?returnTo=%2Fsupport" className={buttonVariants({ className: 'w-full' })}>
          {t('grievance.write')}
        </a>
      )}
      <p className="text-xs text-muted-foreground">{t('grievance.law')}</p>
    </Card>
  );
}
