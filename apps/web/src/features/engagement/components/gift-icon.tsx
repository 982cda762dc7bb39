import { Coffee, Crown, Flame, Gem, Heart, Star, type LucideIcon } from 'lucide-react';
import type { GiftId } from '@live-market/contract/catalog';
import { cn } from '@/lib/utils';

// Icons rather than emoji: every device draws them the same (some have no colour emoji font).
const GIFT_ICONS: Record<GiftId, { Icon: LucideIcon; className: string }> = {
  heart: { Icon: Heart, className: 'fill-rose-500 text-rose-500' },
  star: { Icon: Star, className: 'fill-amber-400 text-amber-500' },
  coffee: { Icon: Coffee, className: 'text-amber-800' },
  fire: { Icon: Flame, className: 'fill-orange-400 text-orange-600' },
  diamond: { Icon: Gem, className: 'fill-sky-200 text-sky-500' },
  crown: { Icon: Crown, className: 'fill-yellow-300 text-yellow-600' },
};

export function GiftIcon({ giftId, className }: { giftId: GiftId; className?: string }) {
  const { Icon, className: colour } = GIFT_ICONS[giftId];
  return <Icon className={cn(colour, className)} aria-hidden="true" />;
}
