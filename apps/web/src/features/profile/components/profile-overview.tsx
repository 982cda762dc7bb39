import 'virtual:english-load/profile';
import { Bell, ChevronRight, Heart, LayoutDashboard, LifeBuoy, LogOut, Package, Pencil, Scale, Settings, Store, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '@live-market/contract/auth';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { signOut } from '@/lib/session';
import { InstallAppEntry } from './install-app-entry';

type Entry = { href: string; Icon: LucideIcon; title: string; body: string };

function EntryCard({ href, Icon, title, body }: Entry) {
  return (
    <li>
      <Link href={href} className="flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm transition hover:bg-muted active:scale-[0.99]">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{title}</span>
          <span className="line-clamp-2 block text-sm text-muted-foreground">{body}</span>
        </span>
        <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}

export function ProfileOverview({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const name = user.firstName?.trim() || t('common.shopper');
  const contact = user.email ?? user.phoneNumber;

  const entries: Entry[] = [
    { href: '/wishlist', Icon: Heart, title: t('profile.wishlist'), body: t('profile.wishlist_body') },
    { href: '/orders', Icon: Package, title: t('profile.orders'), body: t('profile.orders_body') },
    user.isSeller
      ? { href: '/seller/dashboard', Icon: LayoutDashboard, title: t('profile.seller_dashboard'), body: t('profile.seller_dashboard_body') }
      : { href: '/become-seller', Icon: Store, title: t('profile.become_seller'), body: t('profile.become_seller_body') },
    { href: '/notifications', Icon: Bell, title: t('profile.notifications'), body: t('profile.notifications_body') },
    { href: '/profile/settings', Icon: Settings, title: t('profile.settings'), body: t('profile.settings_body') },
    { href: '/support', Icon: LifeBuoy, title: t('profile.support'), body: t('profile.support_body') },
    { href: '/grievance', Icon: Scale, title: t('profile.grievance'), body: t('profile.grievance_body') },
  ];

  return (
    <div className="space-y-6">
      <section className="flex flex-col items-center rounded-[var(--radius-card)] border bg-card px-5 pt-8 pb-6 text-center shadow-sm">
        <Avatar user={user} className="size-24 text-4xl ring-4 ring-brand-100" />
        <h1 className="mt-4 text-2xl font-bold">{name}</h1>
        {contact ? <p className="mt-1 text-sm text-muted-foreground">{contact}</p> : null}
        {user.isSeller ? (
          <Badge variant="secondary" className="mt-3">
            <Store className="size-3.5" aria-hidden="true" />
            {t('profile.seller_badge')}
          </Badge>
        ) : null}
        <div className="mt-5 grid w-full grid-cols-2 gap-3">
          <Link href="/profile/settings" className={buttonVariants({ variant: 'outline' })}>
            <Pencil aria-hidden="true" />
            {t('profile.edit_profile')}
          </Link>
          <Button variant="secondary" onClick={signOut}>
            <LogOut aria-hidden="true" />
            {t('profile.logout')}
          </Button>
        </div>
      </section>

      <ul className="space-y-3">
        {entries.map((entry) => (
          <EntryCard key={entry.href} {...entry} />
        ))}
        <InstallAppEntry />
      </ul>
    </div>
  );
}
