import 'virtual:english-load/notifications';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@live-market/contract/notifications';
import { cn } from '@/lib/utils';
import { timeAgo } from '@/lib/time-ago';
import { NotificationIcon } from './notification-icon';

type NotificationItemProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
};

/** Icon, title, message and relative time; unread ones are highlighted, carry a dot and a check button. */
export function NotificationItem({ notification: n, onOpen, onMarkRead }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const unread = !n.isRead;
  return (
    <li className={cn('flex items-start gap-1 rounded-[var(--radius-card)] border p-1 shadow-sm', unread ? 'border-brand-200 bg-brand-50' : 'bg-card')}>
      <button type="button" onClick={() => onOpen(n)} className="flex min-w-0 flex-1 items-start gap-3 rounded-xl p-2 text-left">
        <NotificationIcon type={n.type} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-start gap-2">
            <span className={cn('min-w-0 flex-1 break-words', unread ? 'font-bold' : 'font-medium')}>{n.title}</span>
            {unread ? (
              <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" data-testid="unread-dot">
                <span className="sr-only">{t('notifications.unread')}</span>
              </span>
            ) : null}
          </span>
          {/* Whole (issue 25): the end of a message is often what to do and by when ('pay within 15 minutes'). */}
          <span className="text-sm break-words text-muted-foreground">{n.message}</span>
          <time dateTime={n.createdAt} className="text-xs text-muted-foreground">
            {timeAgo(n.createdAt, i18n.language) ?? t('notifications.just_now')}
          </time>
        </span>
      </button>
      {unread ? (
        <button
          type="button"
          onClick={() => onMarkRead(n)}
          aria-label={t('notifications.mark_read', { title: n.title })}
          className="mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-primary hover:bg-brand-100"
        >
          <Check className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
}
