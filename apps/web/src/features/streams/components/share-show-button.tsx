import { Check, Copy, MessageCircle, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../shows-i18n';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { canShareNatively, copyText, shareNatively, showUrl, whatsAppShareUrl } from '../utils/share';

type ShareShowButtonProps = {
  streamId: string;
  title: string;
  /** The message that goes with the link ("Join … live on LiveMarket, Sat 28 Nov 7:30 pm IST"). */
  text: string;
  size?: 'sm' | 'default';
};

/**
 * Share for a show: the phone's share sheet where the browser has one (Web Share API); otherwise, or
 * when it refuses, WhatsApp (wa.me with the text and the show's address) and Copy link open inline
 * below the button, so they are never clipped by a scrolling row.
 */
export function ShareShowButton({ streamId, title, text, size = 'sm' }: ShareShowButtonProps) {
  const { t } = useTranslation();
  const optionsId = useId();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const url = showUrl(streamId);

  const share = async () => {
    if (open) {
      setOpen(false);
      return;
    }
    // Closed by the person: done. Missing or refused: offer our own ways.
    if (canShareNatively() && (await shareNatively({ title, text, url })) !== 'failed') return;
    setCopied(false);
    setOpen(true);
  };

  const copy = async () => {
    try {
      await copyText(url);
      setCopied(true);
      toast({ title: t('stream.link_copied') });
    } catch {
      toast({ variant: 'destructive', title: t('stream.copy_failed'), description: url });
    }
  };

  return (
    <>
      <Button variant="outline" size={size} onClick={() => void share()} aria-expanded={open} aria-controls={open ? optionsId : undefined}>
        <Share2 aria-hidden="true" />
        {t('stream.share')}
      </Button>
      {open ? (
        <div id={optionsId} className="grid basis-full grid-cols-2 gap-2">
          <a
            href={whatsAppShareUrl(text, url)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('stream.share_whatsapp')}
            className="inline-flex min-h-9 items-center justify-center gap-1.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3 text-sm font-semibold text-emerald-800 [&_svg]:size-4 [&_svg]:shrink-0"
          >
            <MessageCircle aria-hidden="true" />
            {t('stream.whatsapp')}
          </a>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t('shows.copy_link')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
