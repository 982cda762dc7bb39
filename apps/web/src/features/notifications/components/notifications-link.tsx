import 'virtual:english-load/notifications';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';
import { useUnreadCount } from '../api/get-unread-count';

/** The header's bell with the unread count; the count follows /ws pushes and refocus (UnreadSync). */
export function NotificationsLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data: count = 0 } = useUnreadCount();
  return (
    <Link href="/notifications" className={cn('relative', className)} aria-label={count > 0 ? t('notifications.link_unread', { count }) : t('notifications.link')}>
      <Bell className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-[0.6875rem] font-bold leading-none text-primary-foreground ring-2 ring-background"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
