import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { BansSection } from './bans-section';
import { KeywordsSection } from './keywords-section';
import { ModerationLog } from './moderation-log';
import { ModeratorsSection } from './moderators-section';
// This entry's English texts (before any of them is rendered).
import '../i18n';

/**
 * Issue 12: the seller dashboard's 'Moderation' card for the store's owner: moderators (invite by phone,
 * remove), bans and timeouts (Unban), blocked words, and the log of every moderation action.
 */
export function ModerationCard({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card className="p-5" aria-labelledby={titleId} role="region">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold">
            {t('moderation.card_title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('moderation.card_body')}</p>
        </div>
      </div>
      <div className="mt-4 [&>*+*]:mt-5 [&>*+*]:border-t [&>*+*]:pt-5">
        <ModeratorsSection sellerId={sellerId} />
        <BansSection sellerId={sellerId} />
        <KeywordsSection sellerId={sellerId} />
        <ModerationLog sellerId={sellerId} />
      </div>
    </Card>
  );
}
