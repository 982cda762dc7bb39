import '../become-seller-i18n';
import { LayoutDashboard, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** /become-seller for a user who already has a store: it leads to the dashboard instead of a second form. */
export function AlreadySellerCard({ storeName }: { storeName: string }) {
  const { t } = useTranslation();
  return (
    <Card className="p-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Store className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold">{t('become_seller.already_title')}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{t('become_seller.already_body', { name: storeName })}</p>
      <Link href="/seller/dashboard" className={buttonVariants({ className: 'mt-6' })}>
        <LayoutDashboard aria-hidden="true" />
        {t('become_seller.go_to_dashboard')}
      </Link>
    </Card>
  );
}
