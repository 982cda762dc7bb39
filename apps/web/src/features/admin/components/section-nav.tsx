import '../i18n';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type SectionItem<K extends string> = { key: K; label: string; icon: ReactNode; count?: number };

/**
 * The console's tabs as one scrolling row of pills, each with its queue's length: eight sections do not
 * fit 360 px side by side in any language, and a row that scrolls keeps every count one swipe away.
 * WAI-ARIA tabs: arrow keys, Home and End move between them.
 */
export function SectionNav<K extends string>({ label, items, value, onValueChange, panelId }: { label: string; items: SectionItem<K>[]; value: K; onValueChange: (key: K) => void; panelId: string }) {
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const choose = (key: K) => {
    onValueChange(key);
    const node = refs.current.get(key);
    node?.focus();
    node?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === value);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (item) choose(item.key);
  };
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="-mx-4 flex snap-x gap-2 overflow-x-auto scroll-px-4 px-4 pb-1 [scrollbar-width:none]">
      {items.map((item) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(node) => {
              refs.current.set(item.key, node);
            }}
            type="button"
            role="tab"
            id={`${panelId}-tab-${item.key}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => choose(item.key)}
            className={cn(
              'flex min-h-11 shrink-0 snap-start items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition [&_svg]:size-4',
              selected ? 'border-transparent bg-brand-gradient text-white shadow-sm' : 'border-input bg-card text-foreground hover:bg-muted',
            )}
          >
            {item.icon}
            {item.label}
            {item.count !== undefined ? (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums',
                  selected ? 'bg-white/25 text-white' : item.count > 0 ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
                )}
              >
                {item.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
