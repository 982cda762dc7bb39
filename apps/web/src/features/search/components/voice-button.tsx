import { Mic, MicOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { VoiceError } from '../hooks/use-voice-search';

/** The mic: tap to speak, tap again to stop. The page leaves it out where the browser cannot listen. */
export function VoiceButton({ listening, onStart, onStop }: { listening: boolean; onStart: () => void; onStop: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={listening ? t('search.voice_stop') : t('search.voice_start')}
      aria-pressed={listening}
      onClick={listening ? onStop : onStart}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition',
        listening ? 'animate-pulse bg-live text-white' : 'text-foreground hover:bg-muted',
      )}
    >
      {listening ? <MicOff className="size-5" aria-hidden="true" /> : <Mic className="size-5" aria-hidden="true" />}
    </button>
  );
}

/** What the mic is doing, read out as it changes: listening, or why it stopped (a blocked permission says so). */
export function VoiceStatus({ listening, error }: { listening: boolean; error: VoiceError | null }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="empty:hidden">
      {listening ? (
        <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2.5 text-sm font-medium text-brand-700">
          <span className="size-2.5 shrink-0 animate-pulse rounded-full bg-live" aria-hidden="true" />
          {t('search.voice_listening')}
        </p>
      ) : error ? (
        <p className="rounded-xl bg-destructive/10 px-3 py-2.5 text-sm font-medium text-destructive">{t(`search.voice_${error}`)}</p>
      ) : null}
    </div>
  );
}
