import 'virtual:english-load/notifications';
import { BellOff, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Notification } from '@live-market/contract/notifications';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyPage, LoadError } from '@/components/page-state';
import { Skeleton } from '@/components/ui/skeleton';
import { handleUnauthorized, useRedirectOnUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

// Only paths inside the app are followed: a link is data from the server, never an open redirect.
const isAppPath = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

/** /notifications' content; the route puts it under the page header with the count. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { data: items, isLoading, error, refetch, isRefetching } = useNotifications();
  useRedirectOnUnauthorized(error);
  const failed = (err: Error) => {
    if (!handleUnauthorized(err)) toast({ variant: 'destructive', title: t('notifications.error'), description: t('notifications.mark_failed') });
  };
  const markRead = useMarkRead({ onError: failed });
  const markAll = useMarkAllRead({ onSuccess: () => toast({ title: t('notifications.all_marked_read') }), onError: failed });

  const open = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    if (isAppPath(n.link)) navigate(n.link);
  };

  if (isLoading) {
    return (
      <div className="space-y-3 p-4" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  if (error && !items) {
    return <LoadError message={t('notifications.load_error')} retryLabel={t('notifications.try_again')} onRetry={() => void refetch()} retrying={isRefetching} />;
  }
  if (!items?.length) {
    return <EmptyPage Icon={BellOff} title={t('notifications.empty_title')} body={t('notifications.empty_body')} href="/streams" action={t('notifications.explore')} />;
  }

  const unread = items.filter((n) => !n.isRead).length;
  return (
    <div className="space-y-3 p-4">
      {unread > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Badge>{t('notifications.unread_badge', { count: unread })}</Badge>
          <Button size="sm" variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            <CheckCheck aria-hidden="true" />
            {t('notifications.mark_all_read')}
          </Button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} onOpen={open} onMarkRead={(item) => markRead.mutate(item.id)} />
        ))}
      </ul>
    </div>
  );
}
