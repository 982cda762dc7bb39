import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CartButton } from '@/features/cart/components/cart-button';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The sticky header of an inner page: a Back link (an arrow; its name is read out) and the page
 * heading, which wraps to a second line rather than being cut off (Tamil, Malayalam run long).
 */
export function PageHeader({ title, backTo = '/', action }: { title: string; backTo?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('common.brand')}`);
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 pt-safe backdrop-blur-md">
      <div className="flex min-h-14 items-center gap-1 px-2 py-1">
        <Link href={backTo} className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-muted">
          <ArrowLeft className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('common.back')}</span>
        </Link>
        <h1 className="line-clamp-2 min-w-0 flex-1 text-lg leading-tight font-bold break-words">{title}</h1>
        {action}
        <CartButton />
      </div>
    </header>
  );
}
