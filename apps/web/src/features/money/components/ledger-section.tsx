import 'virtual:english-load/checkout';
import '@/features/money/i18n';
import { Loader2, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerLineType } from '@live-market/contract/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { useLedger, type LedgerFilter } from '../api/get-ledger';
import { monthDays } from '../utils/months';
import { BalanceCards } from './balance-cards';
import { LedgerFilters } from './ledger-filters';
import { LedgerLineRow } from './ledger-line-row';

/** The balance cards, then every money event newest first, filtered by type and month, a page at a time. */
export function LedgerSection() {
  const { t } = useTranslation();
  const [type, setType] = useState<LedgerLineType | null>(null);
  const [month, setMonth] = useState('');
  const filter: LedgerFilter = { ...(type ? { type } : {}), ...(month ? monthDays(month) : {}) };
  const ledger = useLedger(filter);
  useRedirectOnUnauthorized(ledger.error);
  const pages = ledger.data?.pages;
  const lines = pages?.flatMap((page) => page.lines) ?? [];
  const filtered = type !== null || month !== '';

  return (
    <>
      <BalanceCards balance={pages?.[0]?.balance} />
      <Card className="space-y-4 p-4">
        <h2 className="text-lg font-bold">{t('money.ledger_title')}</h2>
        <LedgerFilters type={type} onTypeChange={setType} month={month} onMonthChange={setMonth} />
        {ledger.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : ledger.isError && !pages ? (
          <div className="space-y-3 text-sm text-muted-foreground">
            <p role="alert">{t('money.ledger_error')}</p>
            <Button variant="outline" size="sm" onClick={() => void ledger.refetch()}>
              {t('checkout.retry')}
            </Button>
          </div>
        ) : lines.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl bg-muted/50 p-6 text-center">
            <ReceiptText className="size-8 text-primary" aria-hidden="true" />
            <p className="font-semibold">{filtered ? t('money.ledger_empty_filtered') : t('money.ledger_empty')}</p>
            {filtered ? null : <p className="text-sm text-muted-foreground">{t('money.ledger_empty_body')}</p>}
          </div>
        ) : (
          <ul aria-label={t('money.ledger_title')} aria-busy={ledger.isPlaceholderData} className={ledger.isPlaceholderData ? 'divide-y opacity-60' : 'divide-y'}>
            {lines.map((line) => (
              <LedgerLineRow key={line.id} line={line} />
            ))}
          </ul>
        )}
        {ledger.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('money.ledger_error')}
          </p>
        ) : null}
        {ledger.hasNextPage && !ledger.isPlaceholderData ? (
          <Button variant="outline" className="w-full" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage} aria-busy={ledger.isFetchingNextPage}>
            {ledger.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('money.load_more')}
          </Button>
        ) : null}
      </Card>
    </>
  );
}
