import '../i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerTicketBody, type AdminTicket } from '@live-market/contract/admin';
import { SUPPORT_MESSAGE_MAX } from '@live-market/contract/support';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { useAnswerTicket } from '../api/tickets';
import { failureText, toastDone } from '../utils/notify';
import { FailureNote } from './failure-note';

/** An operator's answer to a ticket: it reaches the user's Help & complaints; ticking Resolve closes it. */
export function AnswerSheet({ ticket, onClose }: { ticket: AdminTicket; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const ids = { message: useId(), resolve: useId() };
  const [message, setMessage] = useState('');
  const [resolve, setResolve] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useAnswerTicket();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = AnswerTicketBody.safeParse({ message, resolve });
    setInvalid(!checked.success);
    if (!checked.success) return;
    setFailure(null);
    answer.mutate(
      { id: ticket.id, ...checked.data },
      {
        onSuccess: () => {
          toastDone(resolve ? t('admin.answered_resolved_done', { number: ticket.ticketNumber }) : t('admin.answered_done', { number: ticket.ticketNumber }));
          onClose();
        },
        onError: (error) => setFailure(failureText(error, t)),
      },
    );
  };
  const last = ticket.messages.at(-1);
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.answer_title', { number: ticket.ticketNumber })}
      description={last?.body}
      footer={
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={onClose} disabled={answer.isPending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} className="flex-1" disabled={answer.isPending} aria-busy={answer.isPending}>
            {answer.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('admin.send_answer')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <FailureNote text={failure} />
        <div className="space-y-2">
          <Label htmlFor={ids.message}>{t('admin.answer')}</Label>
          <Textarea
            id={ids.message}
            rows={5}
            maxLength={SUPPORT_MESSAGE_MAX}
            placeholder={t('admin.answer_placeholder', { name: ticket.userName })}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
          />
          {invalid ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t('admin.answer_error')}
            </p>
          ) : null}
        </div>
        <label htmlFor={ids.resolve} className="flex items-start gap-3 rounded-xl border p-3 text-sm">
          <input id={ids.resolve} type="checkbox" checked={resolve} onChange={(event) => setResolve(event.target.checked)} className="mt-0.5 size-5 shrink-0 accent-brand-600" />
          <span>
            <span className="block font-semibold">{t('admin.resolve')}</span>
            <span className="block text-muted-foreground">{t('admin.resolve_hint')}</span>
          </span>
        </label>
      </form>
    </Sheet>
  );
}
