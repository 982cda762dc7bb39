import 'virtual:english-load/checkout';
import '@/features/money/i18n';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount } from '@live-market/contract/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePayoutAccount } from '../api/get-payout-account';
import { PayoutAccountForm } from './payout-account-form';

function SavedAccount({ account }: { account: PayoutAccount }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] =
    account.kind === 'bank'
      ? [
          [t('money.holder_name'), account.accountHolderName],
          [t('money.ifsc'), account.ifsc],
          [t('money.account_number'), account.accountNumberMasked],
        ]
      : [
          [t('money.holder_name'), account.accountHolderName],
          [t('money.vpa'), account.vpaMasked],
        ];
  return (
    <dl className="space-y-2 rounded-2xl bg-muted/50 p-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 text-right font-mono font-medium break-all">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where payouts go: the saved account, masked, with Change; or the form when there is none yet. */
export function PayoutAccountCard() {
  const { t } = useTranslation();
  const { data: account, isPending, isError, refetch } = usePayoutAccount();
  const [editing, setEditing] = useState(false);
  return (
    <Card id="payout-account" className="scroll-mt-20 space-y-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">{t('money.account_title')}</h2>
          <p className="text-sm text-muted-foreground">{t('money.account_body')}</p>
        </div>
        {account && !editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('money.change')}
          </Button>
        ) : null}
      </div>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : isError ? (
        <div className="space-y-3 text-sm text-muted-foreground">
          <p role="alert">{t('money.account_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : account && !editing ? (
        <SavedAccount account={account} />
      ) : (
        <PayoutAccountForm account={account} onSaved={() => setEditing(false)} onCancel={account ? () => setEditing(false) : undefined} />
      )}
    </Card>
  );
}
