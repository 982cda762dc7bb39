import '@/features/money/i18n';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { statementUrl } from '../api/get-statement';
import { useMonthOptions } from './ledger-filters';

/** A month's statement as a CSV file: a link, so the browser downloads it with the session cookie. */
export function StatementDownload() {
  const { t } = useTranslation();
  const monthId = useId();
  const months = useMonthOptions();
  const [month, setMonth] = useState(() => months[0]?.value ?? '');
  return (
    <Card className="space-y-3 p-4">
      <div>
        <h2 className="text-lg font-bold">{t('money.statement_title')}</h2>
        <p className="text-sm text-muted-foreground">{t('money.statement_body')}</p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={monthId}>{t('money.statement_month')}</Label>
        <Select id={monthId} value={month} onChange={(event) => setMonth(event.target.value)}>
          {months.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <a href={statementUrl(month)} download={`livemarket-statement-${month}.csv`} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        <Download aria-hidden="true" />
        {t('money.download_statement')}
      </a>
    </Card>
  );
}
