import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CartButton } from '@/features/cart/components/cart-button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The sticky header of an inner page: a Back link and the page heading. */
export function PageHeader({ title, backTo = '/', action }: { title: string; backTo?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('common.brand')}`);
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 pt-safe backdrop-blur-md">
      <div className="flex h-14 items-center gap-2 px-2">
        <Link href={backTo} className="inline-flex h-11 items-center gap-1 rounded-full px-3 text-sm font-medium hover:bg-muted">
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t('common.back')}
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold">{title}</h1>
        {action}
        <CartButton />
      </div>
    </header>
  );
}
