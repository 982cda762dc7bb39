import 'virtual:english-load/reviews';
import 'virtual:english-load/checkout';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@live-market/contract/orders';
import { REVIEW_TEXT_MAX, type Review } from '@live-market/contract/reviews';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateReview } from '../api/reviews';
import { Stars, StarsInput } from './stars';

type ReviewSheetProps = { orderId: string; sellerId: string; item: OrderItem; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Rate this item': 1 to 5 stars and a few words, once per delivered item. */
export function ReviewSheet({ orderId, sellerId, item, open, onOpenChange }: ReviewSheetProps) {
  const { t } = useTranslation();
  const ids = { form: useId(), text: useId(), stars: useId() };
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [posted, setPosted] = useState<Review | null>(null);
  const create = useCreateReview(sellerId, {
    onSuccess: setPosted,
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('reviews.failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) return setMissing(true);
    create.mutate({ orderId, body: { orderItemId: item.id, rating, text: text.trim() } });
  };
  const close = () => onOpenChange(false);
  const footer = posted ? (
    <Button className="w-full" onClick={close}>
      {t('checkout.done')}
    </Button>
  ) : (
    <Button type="submit" form={ids.form} className="w-full" disabled={create.isPending} aria-busy={create.isPending}>
      {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {t('reviews.submit')}
    </Button>
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('reviews.sheet_title', { name: item.name })} description={t('reviews.sheet_body')} footer={footer}>
      {posted ? (
        <div role="status" className="space-y-2 text-sm">
          <p className="flex items-center gap-1.5 font-semibold">
            <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
            {t('reviews.posted')}
          </p>
          <Stars rating={posted.rating} />
          {posted.text ? <p className="whitespace-pre-line text-muted-foreground">{posted.text}</p> : null}
        </div>
      ) : (
        <form id={ids.form} onSubmit={submit} className="space-y-5" noValidate>
          <div className="space-y-1">
            <StarsInput
              name={ids.stars}
              value={rating}
              onChange={(n) => {
                setRating(n);
                setMissing(false);
              }}
              describedBy={missing ? `${ids.stars}-error` : undefined}
            />
            {missing ? (
              <p id={`${ids.stars}-error`} role="alert" className="text-sm font-medium text-destructive">
                {t('reviews.choose_stars')}
              </p>
            ) : null}
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.text}>{t('reviews.text_label')}</Label>
            <Textarea id={ids.text} rows={4} maxLength={REVIEW_TEXT_MAX} placeholder={t('reviews.text_placeholder')} value={text} onChange={(event) => setText(event.target.value)} />
          </div>
        </form>
      )}
    </Sheet>
  );
}
