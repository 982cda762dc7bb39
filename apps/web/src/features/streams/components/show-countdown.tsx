import { CalendarClock, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '../shows-i18n';
import { cn } from '@/lib/utils';
import { useCountdown } from '../hooks/use-countdown';
import { countdownText } from '../utils/countdown';
import { formatShowTime } from '../utils/schedule';

/** When the show starts, in IST ("Sat, 28 Nov, 7:30 pm IST"): the same for every reader, wherever their phone's clock is set. */
export function ShowTime({ scheduledFor, className }: { scheduledFor: string; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <time dateTime={scheduledFor} className={cn('inline-flex items-center gap-1.5', className)}>
      <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
      {t('shows.at_time_ist', { time: formatShowTime(scheduledFor, i18n.language) })}
    </time>
  );
}

/** The ticking "Starts in …" (nothing until the page runs in the browser: see useCountdown). */
export function ShowCountdown({ scheduledFor, className }: { scheduledFor: string; className?: string }) {
  const { t } = useTranslation();
  const left = useCountdown(scheduledFor);
  if (!left) return null;
  const text = countdownText(left);
  return (
    <span role="timer" className={cn('inline-flex items-center gap-1 tabular-nums', className)}>
      <Timer className="size-3.5 shrink-0" aria-hidden="true" />
      {t(`shows.countdown_${text.key}`, text.values)}
    </span>
  );
}
