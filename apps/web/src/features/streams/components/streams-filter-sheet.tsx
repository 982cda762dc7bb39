import { Gem, LayoutGrid, Shirt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';

export function StreamsFilterSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const chips = [
    { key: 'all', label: t('streams.filter_all'), Icon: LayoutGrid, active: true },
    { key: 'jewelry', label: t('categories.jewelry'), Icon: Gem, active: false },
    { key: 'fashion', label: t('categories.fashion'), Icon: Shirt, active: false },
  ];
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('streams.filter_title')}
      description={t('streams.filter_body')}
      footer={
        <Button size="lg" className="w-full" onClick={() => onOpenChange(false)}>
          {t('streams.filter_done')}
        </Button>
      }
    >
      <ul className="flex flex-wrap gap-2" aria-label={t('streams.filter_title')}>
        {chips.map(({ key, label, Icon, active }) => (
          <li key={key}>
            <span
              aria-disabled={!active}
              aria-current={active ? 'true' : undefined}
              className={
                active
                  ? 'inline-flex h-10 items-center gap-2 rounded-full bg-brand-gradient px-4 text-sm font-semibold text-white'
                  : 'inline-flex h-10 items-center gap-2 rounded-full border bg-muted px-4 text-sm font-semibold text-muted-foreground'
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </span>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
