import 'virtual:english-load/checkout';
import '@/features/support/i18n';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, type SupportCategory, type TicketCreated } from '@live-market/contract/support';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { orderNumber } from '@/lib/orders';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useMyOrders, useOpenTicket } from '../api/support';

type Problem = 'support.category_error' | 'support.message_error';

/** 'New request': what it is about, which order (if any), what happened; the ticket number comes back at once. */
export function NewTicketForm({ initialOrderId }: { initialOrderId?: string }) {
  const { t } = useTranslation();
  const ids = { category: useId(), order: useId(), message: useId() };
  const { data: orders } = useMyOrders();
  const [category, setCategory] = useState<SupportCategory | ''>(initialOrderId ? 'order' : '');
  const [orderId, setOrderId] = useState(initialOrderId ?? '');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<TicketCreated | null>(null);
  const open = useOpenTicket({
    onSuccess: (created) => {
      setSent(created);
      setMessage('');
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('support.failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category) return setProblem('support.category_error');
    if (message.trim().length < SUPPORT_MESSAGE_MIN) return setProblem('support.message_error');
    setProblem(null);
    open.mutate({ category, message: message.trim(), ...(orderId ? { orderId } : {}) });
  };
  return (
    <Card className="space-y-4 p-4">
      <h2 className="font-semibold">{t('support.new_title')}</h2>
      {sent ? (
        <div role="status" className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{t('support.sent', { number: sent.ticketNumber })}</p>
        </div>
      ) : null}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="space-y-2">
          <Label htmlFor={ids.category}>{t('support.category')}</Label>
          <Select id={ids.category} value={category} onChange={(event) => setCategory(event.target.value as SupportCategory)} aria-invalid={problem === 'support.category_error'}>
            <option value="" disabled>
              {t('support.choose')}
            </option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`support.categories.${c}`)}
              </option>
            ))}
          </Select>
          {problem === 'support.category_error' ? <ProblemText text={t(problem)} /> : null}
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.order}>{t('support.order')}</Label>
          <Select id={ids.order} value={orderId} onChange={(event) => setOrderId(event.target.value)}>
            <option value="">{t('support.no_order')}</option>
            {(orders ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                #{orderNumber(o.id)} · {o.storeName}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.message}>{t('support.message')}</Label>
          <Textarea id={ids.message} rows={5} maxLength={SUPPORT_MESSAGE_MAX} placeholder={t('support.message_placeholder')} value={message} onChange={(event) => setMessage(event.target.value)} aria-invalid={problem === 'support.message_error'} />
          {problem === 'support.message_error' ? <ProblemText text={t(problem)} /> : null}
        </div>
        <Button type="submit" className="w-full" disabled={open.isPending} aria-busy={open.isPending}>
          {open.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('support.submit')}
        </Button>
      </form>
    </Card>
  );
}

function ProblemText({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {text}
    </p>
  );
}
