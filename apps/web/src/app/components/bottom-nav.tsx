import { Home, LayoutDashboard, Radio, User, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';

type NavItem = { href: string; label: string; Icon: LucideIcon; matches: (path: string) => boolean };

const startsWith = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);

export function BottomNav({ isSeller }: { isSeller: boolean }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const items: NavItem[] = [
    { href: '/', label: t('nav.home'), Icon: Home, matches: (path) => path === '/' },
    { href: '/streams', label: t('nav.live'), Icon: Radio, matches: (path) => startsWith('/streams')(path) || startsWith('/stream')(path) },
    { href: '/profile', label: t('nav.profile'), Icon: User, matches: startsWith('/profile') },
  ];
  // SPEC section 2/6: the 'Sell' entry is for sellers only.
  if (isSeller) items.push({ href: '/seller/dashboard', label: t('nav.sell'), Icon: LayoutDashboard, matches: startsWith('/seller') });

  return (
    <nav aria-label={t('nav.main')} className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-safe backdrop-blur-md">
      <ul className="mx-auto flex max-w-lg">
        {items.map(({ href, label, Icon, matches }) => {
          const active = matches(location);
          return (
            <li key={href} className="flex-1">
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium transition',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span className={cn('flex h-7 w-12 items-center justify-center rounded-full transition', active && 'bg-secondary')}>
                  <Icon className="size-5" strokeWidth={active ? 2.5 : 2} aria-hidden="true" />
                </span>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
