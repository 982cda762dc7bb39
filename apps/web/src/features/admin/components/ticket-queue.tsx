import '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTicket } from '@live-market/contract/admin';
import { TICKET_STATUSES } from '@live-market/contract/support';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { orderNumber } from '@/lib/orders';
import { cn } from '@/lib/utils';
import { useAdminTickets } from '../api/tickets';
import { AnswerSheet } from './answer-sheet';
import { QueueBody } from './queue-body';
import { TicketClocks } from './ticket-clocks';

const STATUS_LOOK = { open: 'bg-amber-100 text-amber-800', answered: 'bg-sky-100 text-sky-800', resolved: 'bg-emerald-100 text-emerald-800' } as const;
const FILTERS = [...TICKET_STATUSES, 'all'] as const;
type Filter = (typeof FILTERS)[number];

/** Support tickets, the clocks' soonest first, filtered by status; each answered (and resolved) from a sheet. */
export function TicketQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('open');
  const query = useAdminTickets(filter === 'all' ? null : filter);
  const [answering, setAnswering] = useState<AdminTicket | null>(null);
  // The clocks are read once per answer from the server, not ticked: the list is asked again on each visit.
  const now = query.dataUpdatedAt;
  return (
    <div className="space-y-3">
      <div role="group" aria-label={t('admin.ticket_filter')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
        {FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            className={cn(
              'min-h-9 shrink-0 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition',
              filter === option ? 'border-brand-500 bg-brand-50 text-brand-700' : 'bg-card hover:bg-muted',
            )}
            onClick={() => setFilter(option)}
          >
            {option === 'all' ? t('admin.all') : t(`support.status_${option}`)}
          </button>
        ))}
      </div>
      <QueueBody query={query} label={t('admin.sections.tickets')} empty={t('admin.tickets_empty')}>
        {(ticket) => (
          <li key={ticket.id}>
            <Card className="space-y-2 p-4 text-sm" aria-label={t('support.ticket', { number: ticket.ticketNumber })}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono font-semibold">{ticket.ticketNumber}</span>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_LOOK[ticket.status])}>{t(`support.status_${ticket.status}`)}</span>
              </div>
              <p className="break-words text-muted-foreground">
                {ticket.userName} · {t(`support.categories.${ticket.category}`)}
                {ticket.orderId ? ` · ${t('admin.order_number', { number: orderNumber(ticket.orderId) })}` : ''} · {formatDate(ticket.createdAt)}
              </p>
              <TicketClocks ticket={ticket} now={now} />
              <ol className="space-y-2 pt-1">
                {ticket.messages.map((m, i) => (
                  <li key={i} className={cn('rounded-xl px-3 py-2', m.from === 'user' ? 'bg-muted' : 'bg-brand-50')}>
                    <p className="text-xs font-semibold">
                      {m.from === 'user' ? ticket.userName : t('admin.from_operator')} · {formatDate(m.at, 'dateTime')}
                    </p>
                    <p className="break-words whitespace-pre-line">{m.body}</p>
                  </li>
                ))}
              </ol>
              {ticket.status !== 'resolved' ? (
                <Button size="sm" className="w-full" onClick={() => setAnswering(ticket)}>
                  {t('admin.answer_action')}
                </Button>
              ) : null}
            </Card>
          </li>
        )}
      </QueueBody>
      {answering ? <AnswerSheet key={answering.id} ticket={answering} onClose={() => setAnswering(null)} /> : null}
    </div>
  );
}
