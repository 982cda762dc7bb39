import 'virtual:english-load/seller_returns';
import 'virtual:english-load/returns';
import 'virtual:english-load/checkout';
import { Check, Loader2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnStatus } from '@live-market/contract/catalog';
import type { ReturnRequest } from '@live-market/contract/shipping';
import { ReturnStatusBadge } from '@/components/return-status';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { RETURN_NOTE_MAX, useOrderReturns } from '@/lib/returns';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAnswerReturn } from '../api/answer-return';

type SellerReturnProps = { orderId: string; status: ReturnStatus; userId: string };

/** The order's latest return for the seller: its status, and while the buyer waits, the request and its answer. */
export function SellerReturn({ orderId, status, userId }: SellerReturnProps) {
  const { t } = useTranslation();
  const waiting = status === 'requested';
  const { data: returns, isLoading, isError, refetch } = useOrderReturns(orderId, waiting);
  const requested = returns?.find((r) => r.status === 'requested');
  return (
    <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50/50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t('seller_returns.label')}</span>
        <ReturnStatusBadge status={status} />
      </p>
      {!waiting ? null : isLoading ? (
        <Skeleton className="h-20 rounded-xl" />
      ) : isError ? (
        <div className="flex items-center justify-between gap-2 text-muted-foreground">
          <span role="alert">{t('returns.load_error')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : requested ? (
        <ReturnAnswer ret={requested} userId={userId} />
      ) : null}
    </div>
  );
}

function ReturnAnswer({ ret, userId }: { ret: ReturnRequest; userId: string }) {
  const { t } = useTranslation();
  const noteId = useId();
  const [refusing, setRefusing] = useState(false);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const answer = useAnswerReturn({
    userId,
    onSuccess: (answered) =>
      toast(answered.status === 'rejected' ? { title: t('seller_returns.refused_title'), description: t('seller_returns.refused_body') } : { title: t('seller_returns.approved_title'), description: t('seller_returns.approved_body') }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('seller_returns.answer_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const send = (status: 'approved' | 'rejected') => answer.mutate({ orderId: ret.orderId, returnId: ret.id, body: { status, note: status === 'rejected' ? note.trim() : '' } });
  const refuse = () => {
    // The buyer is owed a reason (the server asks for one too): checked here so they are not sent a blank.
    if (!note.trim()) return setMissing(true);
    setMissing(false);
    send('rejected');
  };
  const busy = answer.isPending;

  return (
    <div className="space-y-2">
      <ul>
        {ret.items.map((item) => (
          <li key={item.orderItemId} className="font-medium">
            {item.name} × {item.quantity}
          </li>
        ))}
      </ul>
      <p>{t('seller_returns.reason', { reason: t(`returns.reason_${ret.reason}`) })}</p>
      {ret.note ? <p className="break-words text-muted-foreground">{t('seller_returns.buyer_note', { note: ret.note })}</p> : null}
      {ret.photoUrls.length ? (
        <div className="flex flex-wrap gap-2" aria-label={t('seller_returns.photos')} role="group">
          {ret.photoUrls.map((url, index) => (
            <a key={url} href={url} target="_blank" rel="noopener">
              <img src={url} alt={t('seller_returns.photo', { n: index + 1 })} className="size-16 rounded-lg border object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {refusing ? (
        <div className="space-y-2">
          <Label htmlFor={noteId}>{t('seller_returns.refuse_note')}</Label>
          <Textarea
            id={noteId}
            rows={2}
            maxLength={RETURN_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            disabled={busy}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${noteId}-error` : undefined}
          />
          {missing ? (
            <p id={`${noteId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {t('seller_returns.refuse_note_required')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setRefusing(false)} disabled={busy}>
              {t('checkout.cancel')}
            </Button>
            <Button size="sm" variant="destructive" onClick={refuse} disabled={busy} aria-busy={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('seller_returns.confirm_refuse')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => send('approved')} disabled={busy} aria-busy={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
            {t('seller_returns.approve')}
          </Button>
          <Button size="sm" variant="outline" className="text-destructive" onClick={() => setRefusing(true)} disabled={busy}>
            <X aria-hidden="true" />
            {t('seller_returns.refuse')}
          </Button>
        </div>
      )}
    </div>
  );
}
