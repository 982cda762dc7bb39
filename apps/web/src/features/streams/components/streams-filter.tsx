import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useShowLanguage } from '../hooks/use-show-language';
import { nativeNameOf } from '../utils/show-language';

const StreamsFilterSheet = lazy(() => import('./streams-filter-sheet').then((m) => ({ default: m.StreamsFilterSheet })));

/**
 * SPEC section 2: the list has a Filter button whose behaviour is not shown. Issue 29 made it the
 * language filter; once one is chosen the button names it, so the shorter list explains itself.
 */
export function StreamsFilterButton() {
  const { t } = useTranslation();
  const chosen = useShowLanguage();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="mr-2"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden="true" />
        {chosen ? (
          <>
            <span className="sr-only">{t('streams.filter')}: </span>
            <span lang={chosen}>{nativeNameOf(chosen)}</span>
          </>
        ) : (
          t('streams.filter')
        )}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <StreamsFilterSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
