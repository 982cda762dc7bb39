import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '@live-market/contract/auth';
import { BrandLogo } from '@/components/brand-logo';
import { Avatar } from '@/components/ui/avatar';
import { CartButton } from '@/features/cart/components/cart-button';
import { LanguagePicker } from '@/features/i18n/components/language-picker';
import { NotificationsLink } from '@/features/notifications/components/notifications-link';

const iconLink = 'inline-flex size-10 items-center justify-center rounded-full text-foreground transition hover:bg-muted';

export function HomeHeader({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 pt-safe backdrop-blur-md">
      <div className="flex h-16 items-center gap-1 px-4">
        <Link href="/" className="mr-auto" aria-label={t('common.brand')}>
          <BrandLogo compact />
        </Link>
        <LanguagePicker />
        <CartButton />
        <Link href="/wishlist" className={iconLink} aria-label={t('home.wishlist')}>
          <Heart className="size-5" aria-hidden="true" />
        </Link>
        <NotificationsLink className={iconLink} />
        <Link href="/profile" className="ml-1 rounded-full" aria-label={t('home.account')}>
          <Avatar user={user} className="size-10 text-base" />
        </Link>
      </div>
    </header>
  );
}
