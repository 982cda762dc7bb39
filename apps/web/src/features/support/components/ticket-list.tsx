import 'virtual:english-load/checkout';
import '@/features/support/i18n';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@live-market/contract/support';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { orderNumber } from '@/lib/orders';
import { cn } from '@/lib/utils';
import { useTickets } from '../api/support';

const STATUS_LOOK = { open: 'bg-amber-100 text-amber-800', answered: 'bg-sky-100 text-sky-800', resolved: 'bg-emerald-100 text-emerald-800' } as const;

/** 'Your requests': each with its number, status, the dates the law sets, and the conversation. */
export function TicketList() {
  const { t } = useTranslation();
  const { data: tickets, isLoading, isError, refetch } = useTickets();
  return (
    <section className="space-y-3">
      <h2 className="font-semibold">{t('support.yours')}</h2>
      {isLoading ? (
        <Skeleton className="h-28 rounded-2xl" />
      ) : isError || !tickets ? (
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span role="alert">{t('support.load_error')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : tickets.length ? (
        <ul className="space-y-3">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('support.none')}</p>
      )}
    </section>
  );
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  return (
    <li>
      <Card className="space-y-2 p-4 text-sm" aria-label={t('support.ticket', { number: ticket.ticketNumber })}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-mono font-semibold">{ticket.ticketNumber}</span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_LOOK[ticket.status])}>{t(`support.status_${ticket.status}`)}</span>
        </div>
        <p className="text-muted-foreground">
          {t(`support.categories.${ticket.category}`)}
          {ticket.orderId ? ` · #${orderNumber(ticket.orderId)}` : ''} · {formatDate(ticket.createdAt)}
        </p>
        {ticket.status === 'open' ? <p className="text-xs text-muted-foreground">{t('support.reply_by', { date: formatDate(ticket.acknowledgeBy) })}</p> : null}
        {ticket.status !== 'resolved' ? <p className="text-xs text-muted-foreground">{t('support.resolve_by', { date: formatDate(ticket.resolveBy) })}</p> : null}
        <ol className="space-y-2 pt-1">
          {ticket.messages.map((m, i) => (
            <li key={i} className={cn('rounded-xl px-3 py-2', m.from === 'user' ? 'bg-muted' : 'bg-brand-50')}>
              <p className="text-xs font-semibold">{m.from === 'user' ? t('support.from_you') : t('support.from_us')}</p>
              <p className="whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ol>
      </Card>
    </li>
  );
}
