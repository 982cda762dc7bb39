import { Heart, MessageCircle, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { copyText, shareNatively, showUrl, whatsAppShareUrl } from '../utils/share';

const roundButton =
  'inline-flex h-10 items-center gap-1.5 rounded-full border bg-card px-3.5 text-sm font-semibold transition hover:bg-muted active:scale-95 [&_svg]:size-4';

/** Like (a local heart, nothing is sent) and Share (the phone's share sheet, else copy the link), plus WhatsApp. */
export function LikeShareActions({ title, streamId }: { title: string; streamId: string }) {
  const { t } = useTranslation();
  const [liked, setLiked] = useState(false);
  const [pops, setPops] = useState(0);
  const url = showUrl(streamId);
  const text = t('stream.share_text', { title });

  const like = () => {
    setLiked((value) => !value);
    setPops((n) => n + 1);
  };

  const share = async () => {
    // Closed by the user: nothing more to do. Refused: copy the link instead.
    if ((await shareNatively({ title, text, url })) !== 'failed') return;
    try {
      await copyText(url);
      toast({ title: t('stream.link_copied') });
    } catch {
      toast({ variant: 'destructive', title: t('stream.copy_failed'), description: url });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={like} aria-pressed={liked} className={cn(roundButton, liked && 'border-rose-200 bg-rose-50 text-rose-600')}>
        <Heart key={pops} className={cn(liked && 'animate-like-pop fill-current')} aria-hidden="true" />
        {t('stream.like')}
      </button>
      <button type="button" onClick={() => void share()} className={roundButton}>
        <Share2 aria-hidden="true" />
        {t('stream.share')}
      </button>
      <a
        href={whatsAppShareUrl(text, url)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('stream.share_whatsapp')}
        className={cn(roundButton, 'text-emerald-700')}
      >
        <MessageCircle aria-hidden="true" />
        {t('stream.whatsapp')}
      </a>
    </div>
  );
}
