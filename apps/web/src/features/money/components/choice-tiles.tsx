import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ChoiceTilesProps<V extends string> = {
  legend: string;
  options: readonly { value: V; label: ReactNode }[];
  value: V;
  onChange: (value: V) => void;
};

/** Two or three choices as side-by-side radio tiles (native radios: arrow keys work), as checkout picks a payment method. */
export function ChoiceTiles<V extends string>({ legend, options, value, onChange }: ChoiceTilesProps<V>) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-flow-col auto-cols-fr gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border bg-card px-3 py-2 text-center text-sm leading-tight font-medium transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
              option.value === value ? 'border-brand-500 bg-brand-50 text-brand-700' : 'hover:bg-muted',
            )}
          >
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
