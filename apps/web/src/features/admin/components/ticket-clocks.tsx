import '../i18n';
import { AlarmClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminTicket } from '@live-market/contract/admin';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatSpan, readClock, type Clock } from '../utils/clock';

function ClockLine({ clock, left, overdue }: { clock: Clock; left: string; overdue: string }) {
  return (
    <p
      data-overdue={clock.overdue || undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        clock.overdue ? 'bg-red-100 text-red-800' : clock.soon ? 'bg-amber-100 text-amber-800' : 'bg-muted text-muted-foreground',
      )}
    >
      <AlarmClock className="size-3.5 shrink-0" aria-hidden="true" />
      {clock.overdue ? overdue : left}
    </p>
  );
}

/**
 * The two clocks the Consumer Protection (E-Commerce) Rules 2020 set on a complaint: acknowledged within
 * 48 hours (it runs until the first answer) and resolved within a month (until it is resolved).
 */
export function TicketClocks({ ticket, now }: { ticket: AdminTicket; now: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ack = ticket.status === 'open' ? readClock(ticket.createdAt, ticket.acknowledgeBy, now) : null;
  const resolve = ticket.status !== 'resolved' ? readClock(ticket.createdAt, ticket.resolveBy, now) : null;
  if (!ack && !resolve) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {ack ? (
        <ClockLine clock={ack} left={t('admin.ack_left', { time: formatSpan(ack.ms, language) })} overdue={t('admin.ack_overdue', { time: formatSpan(ack.ms, language) })} />
      ) : null}
      {resolve ? (
        <ClockLine
          clock={resolve}
          left={t('admin.resolve_left', { time: formatSpan(resolve.ms, language) })}
          overdue={t('admin.resolve_overdue', { time: formatSpan(resolve.ms, language) })}
        />
      ) : null}
    </div>
  );
}
