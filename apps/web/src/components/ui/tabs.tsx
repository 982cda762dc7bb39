import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type TabItem<K extends string> = { key: K; label: ReactNode; icon?: ReactNode; content: ReactNode };

type TabsProps<K extends string> = {
  label: string;
  items: TabItem<K>[];
  value: K;
  onValueChange: (key: K) => void;
  className?: string;
  panelClassName?: string;
};

/**
 * WAI-ARIA tabs (arrow keys, Home and End move between tabs). Only the active panel is rendered;
 * a panel that must keep state while hidden keeps it above (as the chat keeps its messages in the query cache).
 */
export function Tabs<K extends string>({ label, items, value, onValueChange, className, panelClassName }: TabsProps<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const active = items.find((item) => item.key === value) ?? items[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === value);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (!item) return;
    onValueChange(item.key);
    refs.current.get(item.key)?.focus();
  };

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div role="tablist" aria-label={label} className="grid shrink-0 grid-flow-col gap-1 rounded-xl bg-muted p-1" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(node) => {
                refs.current.set(item.key, node);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.key)}
              className={cn(
                // On a phone the icon sits above the label and a long label takes a wider column: four tabs fit
                // 360 px in every language (Tamil's வாக்கெடுப்பு is one long word).
                'flex min-w-min flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1.5 text-center text-xs leading-tight font-semibold transition sm:h-9 sm:flex-row sm:gap-1.5 sm:px-2 sm:py-0 sm:text-sm [&_svg]:size-4',
                selected ? 'bg-card text-primary shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div role="tabpanel" id={`${id}-panel-${active.key}`} aria-labelledby={`${id}-tab-${active.key}`} className={cn('min-h-0 flex-1', panelClassName)}>
          {active.content}
        </div>
      ) : null}
    </div>
  );
}
