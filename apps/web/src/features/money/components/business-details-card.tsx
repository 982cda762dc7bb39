import 'virtual:english-load/checkout';
import '@/features/money/i18n';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBusinessDetails } from '../api/get-business-details';
import { BusinessDetailsForm } from './business-details-form';

/** The business details for invoices; the form starts from what was saved. */
export function BusinessDetailsCard() {
  const { t } = useTranslation();
  const { data: details, isPending, isError, refetch } = useBusinessDetails();
  return (
    <Card className="space-y-3 p-4">
      <div>
        <h2 className="text-lg font-bold">{t('money.business_title')}</h2>
        <p className="text-sm text-muted-foreground">{t('money.business_body')}</p>
      </div>
      {isPending ? (
        <Skeleton className="h-64" />
      ) : isError ? (
        <div className="space-y-3 text-sm text-muted-foreground">
          <p role="alert">{t('money.business_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : (
        <BusinessDetailsForm details={details} />
      )}
    </Card>
  );
}
