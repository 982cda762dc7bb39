import 'virtual:english-load/engagement';
import { useTranslation } from 'react-i18next';
import { useEngagementRealtime } from '../hooks/use-engagement-realtime';
import { useGiftOverlay } from '../hooks/gift-overlay-store';
import { findGift } from '../utils/gift-rules';
import { GiftIcon } from './gift-icon';

/**
 * Mounted once per stream page: applies the room's poll, quiz and gift messages, and plays the
 * full-screen gift animation for 3 s on every gift (SPEC 4). Motion is dropped for prefers-reduced-motion.
 */
export function EngagementLayer({ streamId }: { streamId: string }) {
  const { t } = useTranslation();
  useEngagementRealtime(streamId);
  const gift = useGiftOverlay(streamId);
  if (!gift) return null;
  const item = findGift(gift.giftId);
  return (
    <div className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center bg-black/30" role="status" aria-live="polite" data-testid="gift-overlay">
      <div key={gift.id} className="gift-overlay-pop flex flex-col items-center gap-3 text-center text-white drop-shadow-lg motion-reduce:animate-none">
        <span className="gift-overlay-emoji flex size-32 items-center justify-center rounded-full bg-white/90 shadow-2xl">
          <GiftIcon giftId={gift.giftId} className="size-20" />
        </span>
        <p className="rounded-full bg-black/60 px-4 py-2 text-base font-semibold">
          {t('engagement.gift_overlay', { name: gift.senderName, gift: item?.name ?? gift.giftId })}
        </p>
      </div>
      <style>{`
        @keyframes gift-overlay-pop { 0% { opacity: 0; transform: scale(.4); } 15% { opacity: 1; transform: scale(1.1); } 25% { transform: scale(1); } 85% { opacity: 1; } 100% { opacity: 0; transform: translateY(-40px); } }
        @keyframes gift-overlay-float { 0%, 100% { transform: translateY(0) rotate(-6deg); } 50% { transform: translateY(-16px) rotate(6deg); } }
        .gift-overlay-pop { animation: gift-overlay-pop 3s ease-out forwards; }
        .gift-overlay-emoji { animation: gift-overlay-float 1s ease-in-out infinite; }
        @media (prefers-reduced-motion: reduce) { .gift-overlay-pop, .gift-overlay-emoji { animation: none; } }
      `}</style>
    </div>
  );
}
