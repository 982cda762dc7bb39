import { PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

type EndedToastBodyProps = {
  /** The show was recorded: its replay can be watched now. */
  hasReplay: boolean;
  onWatchReplay: () => void;
  /** The store's Follow button (from the app), or nothing. */
  follow?: ReactNode;
};

/**
 * SPEC section 4's toast for viewers when a show ends, and what comes next (issue 25): Watch replay when
 * it was recorded, and Follow. Under the text, so both fit a 360 px phone in any language.
 */
export function EndedToastBody({ hasReplay, onWatchReplay, follow }: EndedToastBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('stream.ended_toast_body')}</p>
      {hasReplay || follow ? (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          {hasReplay ? (
            <Button size="sm" onClick={onWatchReplay}>
              <PlayCircle aria-hidden="true" />
              {t('stream.ended_watch_replay')}
            </Button>
          ) : null}
          {follow}
        </div>
      ) : null}
    </>
  );
}
