import 'virtual:english-load/checkout';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

type QuantityStepperProps = {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Names the product for screen readers: 'Quantity of {{name}}'. */
  label: string;
  className?: string;
};

/** − n + with 40 px targets; the buttons stop at min and max instead of letting a bad value through. */
export function QuantityStepper({ value, min = 1, max, onChange, disabled, label, className }: QuantityStepperProps) {
  const { t } = useTranslation();
  const step = 'grid size-10 place-items-center rounded-full transition hover:bg-muted disabled:opacity-40 [&_svg]:size-4';
  return (
    <div role="group" aria-label={label} className={cn('inline-flex items-center rounded-full border bg-card', className)}>
      <button type="button" className={step} aria-label={t('checkout.decrease')} disabled={disabled || value <= min} onClick={() => onChange(value - 1)}>
        <Minus aria-hidden="true" />
      </button>
      <output aria-live="polite" className="w-8 text-center text-sm font-semibold tabular-nums">
        {value}
      </output>
      <button type="button" className={step} aria-label={t('checkout.increase')} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <Plus aria-hidden="true" />
      </button>
    </div>
  );
}
