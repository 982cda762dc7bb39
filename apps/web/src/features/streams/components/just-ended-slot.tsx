import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useJustEnded } from '../utils/just-ended';

// Only a viewer whose show just ended sees the card: its code (and its texts) load then, not with Home.
const JustEndedCard = lazyComponent(() => import('./just-ended-card').then((m) => m.JustEndedCard));

type JustEndedSlotProps = {
  onRemind?: () => void;
  /** The store's Follow button (from the app), offered when it has no next show announced. */
  renderFollow?: (sellerId: string) => ReactNode;
};

/** Issue 25: Home leads with the show the viewer was watching when it ended (remembered in this tab). */
export function JustEndedSlot({ onRemind, renderFollow }: JustEndedSlotProps) {
  const entry = useJustEnded();
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      <JustEndedCard entry={entry} onRemind={onRemind} renderFollow={renderFollow} />
    </Suspense>
  );
}
