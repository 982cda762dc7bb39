import { Loader2, Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYWORD_MAX_LENGTH, SELLER_KEYWORDS_MAX } from '@live-market/contract/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useChatKeywords } from '../api/get-chat-keywords';
import { useSaveChatKeywords } from '../api/save-chat-keywords';
import { addKeywords } from '../utils/keywords';
import { toastFailure } from '../utils/notify';
import { SectionState } from './section-state';

/**
 * Issue 12: the store's blocked words (up to 200, each at most 50 characters). Words are added as
 * chips (several at once with commas) and saved together; the server answers with the cleaned list.
 */
export function KeywordsSection({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const { data, isLoading, refetch } = useChatKeywords();
  // null: not edited, the saved list is shown.
  const [draft, setDraft] = useState<string[] | null>(null);
  const [entry, setEntry] = useState('');
  const save = useSaveChatKeywords({
    sellerId,
    onSuccess: () => {
      setDraft(null);
      toast({ title: t('moderation.keywords_saved') });
    },
    onError: (error) => toastFailure(error, t('moderation.action_failed')),
  });

  if (!data) {
    return (
      <section>
        <h3 className="font-bold">{t('moderation.keywords')}</h3>
        <SectionState isLoading={isLoading} onRetry={() => void refetch()} />
      </section>
    );
  }

  const words = draft ?? data.words;
  const full = words.length >= SELLER_KEYWORDS_MAX;
  const changed = draft !== null && draft.join('\n') !== data.words.join('\n');

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const next = addKeywords(words, entry, SELLER_KEYWORDS_MAX);
    if (next !== words) setDraft(next);
    setEntry('');
  };

  return (
    <section aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="font-bold">
        {t('moderation.keywords')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('moderation.keywords_body')}</p>
      {words.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('moderation.keywords_empty')}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('moderation.keywords')}>
          {words.map((word) => (
            <li key={word} className="max-w-full">
              <button
                type="button"
                aria-label={t('moderation.keyword_remove', { word })}
                onClick={() => setDraft(words.filter((w) => w !== word))}
                className="inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full bg-secondary py-1 pr-3 pl-4 text-sm font-medium text-secondary-foreground transition hover:bg-brand-100"
              >
                <span className="min-w-0 break-words">{word}</span>
                <X className="size-4 shrink-0" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onAdd} className="mt-3 space-y-2">
        <div className="flex items-end justify-between gap-2">
          <Label htmlFor={inputId}>{t('moderation.keyword_label')}</Label>
          <span className="text-xs text-muted-foreground tabular-nums">{t('moderation.keywords_count', { count: words.length, max: SELLER_KEYWORDS_MAX })}</span>
        </div>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={entry}
            onChange={(event) => setEntry(event.target.value)}
            maxLength={KEYWORD_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="done"
            disabled={full}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="secondary" className="h-12 shrink-0" disabled={full || entry.trim() === ''}>
            <Plus aria-hidden="true" />
            {t('moderation.add_word')}
          </Button>
        </div>
        {full ? <p className="text-xs text-muted-foreground">{t('moderation.keywords_full', { max: SELLER_KEYWORDS_MAX })}</p> : null}
      </form>
      <Button className="mt-3 w-full" disabled={!changed || save.isPending} onClick={() => save.mutate({ words })}>
        {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('moderation.keywords_save')}
      </Button>
    </section>
  );
}
