import 'virtual:english-load/dashboard';
import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

// SPEC section 2: users with no seller profile see 'Seller Profile Required' with a 'Go Back Home' button.
export function SellerProfileRequired() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-md p-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Store className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold">{t('dashboard.profile_required_title')}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{t('dashboard.profile_required_body')}</p>
      <Link href="/" className={buttonVariants({ className: 'mt-6' })}>
        {t('dashboard.go_back_home')}
      </Link>
    </Card>
  );
}
