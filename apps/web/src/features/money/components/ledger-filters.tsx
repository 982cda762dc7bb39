import '@/features/money/i18n';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LEDGER_LINE_TYPES, type LedgerLineType } from '@live-market/contract/money';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { formatMonth, recentMonths } from '../utils/months';

/** How far back the month filter and the statement offer months. */
export const MONTHS_OFFERED = 12;

/** The last MONTHS_OFFERED months, newest first, with their names in the reader's language. */
export function useMonthOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => recentMonths(new Date(), MONTHS_OFFERED).map((value) => ({ value, label: formatMonth(value, language) })), [language]);
}

type LedgerFiltersProps = {
  type: LedgerLineType | null;
  onTypeChange: (type: LedgerLineType | null) => void;
  month: string;
  onMonthChange: (month: string) => void;
};

/** Type chips (one at a time, or all) and a month; '' is every month. */
export function LedgerFilters({ type, onTypeChange, month, onMonthChange }: LedgerFiltersProps) {
  const { t } = useTranslation();
  const monthId = useId();
  const months = useMonthOptions();
  const chip = (selected: boolean) =>
    cn('min-h-9 shrink-0 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition', selected ? 'border-brand-500 bg-brand-50 text-brand-700' : 'bg-card hover:bg-muted');
  return (
    <div className="space-y-3">
      <div role="group" aria-label={t('money.filter_type')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        <button type="button" aria-pressed={type === null} className={chip(type === null)} onClick={() => onTypeChange(null)}>
          {t('money.filter_all')}
        </button>
        {LEDGER_LINE_TYPES.map((value) => (
          <button key={value} type="button" aria-pressed={type === value} className={chip(type === value)} onClick={() => onTypeChange(value)}>
            {t(`money.type_${value}`)}
          </button>
        ))}
      </div>
      <div className="space-y-2">
        <Label htmlFor={monthId}>{t('money.filter_month')}</Label>
        <Select id={monthId} value={month} onChange={(event) => onMonthChange(event.target.value)}>
          <option value="">{t('money.all_months')}</option>
          {months.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
