import 'virtual:english-load/verification_tiers';
import '../i18n';
import { BadgeCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVerification, ApproveVerificationBody } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Sheet } from '@/components/ui/sheet';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useApproveVerification, useRejectVerification, useVerifications } from '../api/verifications';
import { failureText, toastDone } from '../utils/notify';
import { FailureNote } from './failure-note';
import { QueueBody } from './queue-body';
import { ReasonSheet } from './reason-sheet';

type Level = ApproveVerificationBody['level'];
const LEVELS: readonly Level[] = ['basic', 'silver', 'gold', 'diamond'];

/** Seller verification: each submission's documents; approve with a level, or reject with a reason. */
export function VerificationQueue() {
  const { t } = useTranslation();
  const query = useVerifications();
  const [acting, setActing] = useState<{ item: AdminVerification; action: 'approve' | 'reject' } | null>(null);
  return (
    <>
      <QueueBody query={query} label={t('admin.sections.verifications')} empty={t('admin.verifications_empty')}>
        {(item) => (
          <li key={item.id}>
            <Card className="space-y-3 p-4 text-sm" aria-label={item.storeName}>
              <div className="flex items-start justify-between gap-2">
                <h3 className="min-w-0 text-base font-semibold break-words">{item.storeName}</h3>
                <span className="shrink-0 text-xs text-muted-foreground">{formatDate(item.createdAt)}</span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">{t('admin.pan')}</dt>
                <dd className="font-mono break-all">{item.panNumber}</dd>
                <dt className="text-muted-foreground">{t('admin.gstin')}</dt>
                <dd className="font-mono break-all">{item.gstNumber ?? t('admin.none')}</dd>
                <dt className="text-muted-foreground">{t('admin.phone')}</dt>
                <dd className="break-all">{item.businessPhone}</dd>
              </dl>
              <div className="grid grid-cols-2 gap-2">
                <Button size="sm" onClick={() => setActing({ item, action: 'approve' })}>
                  {t('admin.approve')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setActing({ item, action: 'reject' })}>
                  {t('admin.reject')}
                </Button>
              </div>
            </Card>
          </li>
        )}
      </QueueBody>
      {acting?.action === 'approve' ? <ApproveSheet key={acting.item.id} item={acting.item} onClose={() => setActing(null)} /> : null}
      {acting?.action === 'reject' ? <RejectSheet key={acting.item.id} item={acting.item} onClose={() => setActing(null)} /> : null}
    </>
  );
}

function RejectSheet({ item, onClose }: { item: AdminVerification; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectVerification();
  return (
    <ReasonSheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.reject_title', { store: item.storeName })}
      description={t('admin.reject_body')}
      confirmLabel={t('admin.reject')}
      destructive
      pending={reject.isPending}
      onConfirm={(reason) =>
        reject
          .mutateAsync({ id: item.id, reason })
          .then(() => {
            toastDone(t('admin.rejected_done'));
            onClose();
          })
      }
    />
  );
}

/** The contract's approval takes a level only (the submission itself is the evidence the log points to). */
function ApproveSheet({ item, onClose }: { item: AdminVerification; onClose: () => void }) {
  const { t } = useTranslation();
  const approve = useApproveVerification();
  const [level, setLevel] = useState<Level>(item.gstNumber ? 'silver' : 'basic');
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    approve.mutate(
      { id: item.id, level },
      {
        onSuccess: () => {
          toastDone(t('admin.approved_done', { level: t(`verification_levels.${level}`) }));
          onClose();
        },
        onError: (error) => setFailure(failureText(error, t)),
      },
    );
  };
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.approve_title', { store: item.storeName })}
      description={t('admin.approve_body')}
      footer={
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={onClose} disabled={approve.isPending}>
            {t('admin.cancel')}
          </Button>
          <Button className="flex-1" onClick={confirm} disabled={approve.isPending} aria-busy={approve.isPending}>
            {approve.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('admin.approve')}
          </Button>
        </div>
      }
    >
      <FailureNote text={failure} />
      <fieldset className="mt-3 grid grid-cols-2 gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('admin.level')}</legend>
        {LEVELS.map((option) => (
          <label
            key={option}
            className={cn(
              'flex min-h-12 cursor-pointer items-start gap-2 rounded-xl border border-input bg-card px-3 py-2 text-sm font-semibold transition hover:bg-muted',
              'has-checked:border-primary has-checked:bg-brand-50 has-checked:text-primary has-focus-visible:ring-4 has-focus-visible:ring-brand-500/15',
            )}
          >
            <input type="radio" name={`level-${item.id}`} value={option} checked={level === option} onChange={() => setLevel(option)} className="sr-only" />
            <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              {t(`verification_levels.${option}`)}
              <span className="block text-xs font-normal text-muted-foreground">{t(`verification_tiers.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Sheet>
  );
}
