import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const StreamsFilterSheet = lazy(() => import('./streams-filter-sheet').then((m) => ({ default: m.StreamsFilterSheet })));

/**
 * SPEC section 2: the list has a Filter button whose behaviour is not shown. A live stream carries no
 * category yet, so the sheet says filters are coming rather than offering choices that do nothing.
 */
export function StreamsFilterButton() {
  const { t } = useTranslation();
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
        {t('streams.filter')}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <StreamsFilterSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
