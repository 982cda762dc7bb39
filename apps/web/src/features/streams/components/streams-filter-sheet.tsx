import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { LanguageChips } from './language-chips';

/** Issue 29: Filter chooses the language of the shows listed (kept on this device, shared with Home's chips). */
export function StreamsFilterSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('show_language.filter_title')}
      description={t('show_language.filter_body')}
      footer={
        <Button size="lg" className="w-full" onClick={() => onOpenChange(false)}>
          {t('streams.filter_done')}
        </Button>
      }
    >
      <LanguageChips layout="wrap" onChoose={() => onOpenChange(false)} />
    </Sheet>
  );
}
