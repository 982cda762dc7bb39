import 'virtual:english-load/engagement';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { POLL_MAX_DURATION_SECONDS, POLL_MIN_DURATION_SECONDS } from '@live-market/contract/constants';
import { POLL_OPTION_MAX_LENGTH, POLL_QUESTION_MAX_LENGTH } from '@live-market/contract/engagement';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { toast } from '@/lib/toast';
import { useCreatePoll } from '../api/create-poll';
import { buildPollPayload, canAddPollOption, canRemovePollOption, POLL_FORM_DEFAULTS } from '../utils/poll-form';
import { notifyFailure } from '../utils/notify';

type FormValues = { question: string; options: { text: string }[]; duration: string };

const defaults = (): FormValues => ({
  question: POLL_FORM_DEFAULTS.question,
  options: POLL_FORM_DEFAULTS.options.map((text) => ({ text })),
  duration: POLL_FORM_DEFAULTS.duration,
});

/** SPEC 5: the seller's Create Poll form, in a bottom sheet. */
export function CreatePollSheet({ streamId, open, onOpenChange }: { streamId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, reset } = useForm<FormValues>({ defaultValues: defaults() });
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const createPoll = useCreatePoll({
    onSuccess: () => {
      toast({ title: t('engagement.poll_created_title'), description: t('engagement.poll_created_body') });
      reset(defaults());
      onOpenChange(false);
    },
    onError: (error) => notifyFailure(error, t('engagement.poll_create_failed')),
  });

  const onSubmit = handleSubmit((values) => {
    const result = buildPollPayload({ question: values.question, options: values.options.map((o) => o.text), duration: values.duration });
    if (!result.ok) {
      const key = result.error === 'question_required' ? 'question' : 'options';
      toast({ title: t(`engagement.poll_${key}_required_title`), description: t(`engagement.poll_${key}_required_body`), variant: 'destructive' });
      return;
    }
    createPoll.mutate({ streamId, body: result.body });
  });

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('engagement.create_poll')}
      footer={
        <Button type="submit" form="create-poll-form" className="w-full" disabled={createPoll.isPending}>
          {createPoll.isPending ? t('engagement.creating') : t('engagement.start_poll')}
        </Button>
      }
    >
      <form id="create-poll-form" noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="poll-question">{t('engagement.poll_question')}</Label>
          <Input id="poll-question" autoComplete="off" maxLength={POLL_QUESTION_MAX_LENGTH} placeholder={t('engagement.poll_question_placeholder')} {...register('question')} />
        </div>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">{t('engagement.poll_options')}</legend>
          {fields.map((field, index) => (
            <div key={field.id} className="flex items-center gap-2">
              <Input
                aria-label={t('engagement.poll_option_label', { n: index + 1 })}
                autoComplete="off"
                maxLength={POLL_OPTION_MAX_LENGTH}
                placeholder={t('engagement.poll_option_label', { n: index + 1 })}
                {...register(`options.${index}.text`)}
              />
              {canRemovePollOption(fields.length) ? (
                <Button variant="ghost" size="icon" aria-label={t('engagement.remove_option', { n: index + 1 })} onClick={() => remove(index)}>
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))}
          {canAddPollOption(fields.length) ? (
            <Button variant="outline" size="sm" onClick={() => append({ text: '' })}>
              <Plus aria-hidden="true" />
              {t('engagement.add_option')}
            </Button>
          ) : null}
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor="poll-duration">{t('engagement.poll_duration')}</Label>
          <Input id="poll-duration" type="number" inputMode="numeric" min={POLL_MIN_DURATION_SECONDS} max={POLL_MAX_DURATION_SECONDS} step={1} {...register('duration')} />
        </div>
      </form>
    </Sheet>
  );
}
