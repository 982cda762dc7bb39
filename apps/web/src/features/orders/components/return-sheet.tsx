import 'virtual:english-load/returns';
import 'virtual:english-load/checkout';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@live-market/contract/orders';
import type { ReturnReason, ReturnRequest } from '@live-market/contract/shipping';
import { ReturnStatusBadge } from '@/components/return-status';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Sheet } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { orderNumber } from '@/lib/orders';
import { RETURN_NOTE_MAX, RETURN_REASONS } from '@/lib/returns';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCreateReturn } from '../api/returns';
import { ReturnPhotos, type ReturnPhoto } from './return-photos';

type ReturnSheetProps = { orderId: string; items: OrderItem[]; open: boolean; onOpenChange: (open: boolean) => void };

type Problem = 'returns.choose_items_error' | 'returns.choose_reason_error';

/**
 * 'Return items': which lines and how many of each (`items` carry the units still returnable), why, a
 * note and photos. A line is ticked with all its units; a stepper takes some off. It is sent once every
 * photo is up.
 */
export function ReturnSheet({ orderId, items: lines, open, onOpenChange }: ReturnSheetProps) {
  const { t } = useTranslation();
  const ids = { form: useId(), items: useId(), reason: useId(), note: useId() };
  const [chosen, setChosen] = useState<ReadonlyMap<string, number>>(new Map());
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<ReturnRequest | null>(null);
  const [photos, setPhotos] = useState<ReturnPhoto[]>([]);
  const uploading = photos.some((p) => p.url === null);
  const create = useCreateReturn({
    onSuccess: setSent,
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('returns.failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });

  const choose = (item: OrderItem, units: number | null) =>
    setChosen((current) => {
      const next = new Map(current);
      if (units === null) next.delete(item.id);
      else next.set(item.id, units);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) return setProblem('returns.choose_items_error');
    if (!reason) return setProblem('returns.choose_reason_error');
    setProblem(null);
    const items = lines.flatMap((item) => ((units) => (units ? [{ orderItemId: item.id, quantity: units }] : []))(chosen.get(item.id)));
    create.mutate({ orderId, body: { items, reason, note: note.trim(), photoUrls: photos.flatMap((p) => (p.url ? [p.url] : [])) } });
  };

  const close = () => onOpenChange(false);
  const footer = sent ? (
    <Button className="w-full" onClick={close}>
      {t('checkout.done')}
    </Button>
  ) : (
    <div className="flex gap-2">
      <Button variant="outline" className="flex-1" onClick={close} disabled={create.isPending}>
        {t('checkout.cancel')}
      </Button>
      <Button type="submit" form={ids.form} className="flex-1" disabled={create.isPending || uploading} aria-busy={create.isPending || uploading}>
        {create.isPending || uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('returns.submit')}
      </Button>
    </div>
  );

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('returns.sheet_title', { number: orderNumber(orderId) })} description={t('returns.sheet_body')} footer={footer}>
      {sent ? (
        <div role="status" className="space-y-2 text-sm">
          <p className="flex items-center gap-1.5 font-semibold">
            <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
            {t('returns.sent_title')}
          </p>
          <ReturnStatusBadge status={sent.status} />
          <ul className="list-inside list-disc text-muted-foreground">
            {sent.items.map((item) => (
              <li key={item.orderItemId}>
                {item.name} × {item.quantity}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground">{t('returns.sent_body')}</p>
        </div>
      ) : (
        <form id={ids.form} onSubmit={submit} className="space-y-5" noValidate>
          <fieldset className="space-y-2" aria-describedby={problem === 'returns.choose_items_error' ? `${ids.items}-error` : undefined}>
            <legend className="mb-2 text-sm font-semibold">{t('returns.choose_items')}</legend>
            {lines.map((item) => {
              const units = chosen.get(item.id);
              return (
                <div key={item.id} className={cn('rounded-xl border text-sm', units ? 'border-brand-500' : 'hover:bg-muted')}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2">
                    <input type="checkbox" checked={units !== undefined} onChange={() => choose(item, units ? null : item.quantity)} className="size-4 shrink-0 accent-brand-600" />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 font-medium">{item.name}</span>
                      <span className="text-muted-foreground">
                        {formatRupees(item.unitPrice)} × {item.quantity}
                      </span>
                    </span>
                  </label>
                  {units && item.quantity > 1 ? (
                    <div className="flex items-center justify-between gap-2 border-t px-3 py-1.5">
                      <span className="text-muted-foreground tabular-nums">{formatRupees(Number(item.unitPrice) * units)}</span>
                      <QuantityStepper value={units} max={item.quantity} onChange={(n) => choose(item, n)} label={t('returns.units_label', { name: item.name })} />
                    </div>
                  ) : null}
                </div>
              );
            })}
            {problem === 'returns.choose_items_error' ? <ProblemText id={`${ids.items}-error`} text={t(problem)} /> : null}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-semibold">{t('returns.reason')}</legend>
            <div className="grid gap-2">
              {RETURN_REASONS.map((r) => (
                <label key={r} className={cn('flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm', reason === r ? 'border-brand-500 font-medium' : 'hover:bg-muted')}>
                  <input type="radio" name={`${ids.reason}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4 shrink-0 accent-brand-600" />
                  {t(`returns.reason_${r}`)}
                </label>
              ))}
            </div>
            {problem === 'returns.choose_reason_error' ? <ProblemText id={`${ids.reason}-error`} text={t(problem)} /> : null}
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={ids.note}>{t('returns.note')}</Label>
            <Textarea id={ids.note} rows={3} maxLength={RETURN_NOTE_MAX} placeholder={t('returns.note_placeholder')} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <ReturnPhotos photos={photos} onChange={setPhotos} />
        </form>
      )}
    </Sheet>
  );
}

function ProblemText({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {text}
    </p>
  );
}
