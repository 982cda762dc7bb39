import 'virtual:english-load/engagement';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QUIZ_MAX_POINTS, QUIZ_MIN_POINTS } from '@live-market/contract/constants';
import { QUIZ_MAX_QUESTIONS, QUIZ_OPTION_MAX_LENGTH, QUIZ_QUESTION_MAX_LENGTH, QUIZ_TITLE_MAX_LENGTH } from '@live-market/contract/engagement';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { toast } from '@/lib/toast';
import { useCreateQuiz } from '../api/create-quiz';
import { notifyFailure } from '../utils/notify';
import { buildQuizPayload, canRemoveQuizQuestion, emptyQuizQuestion, quizFormDefaults, type QuizFormValues } from '../utils/quiz-payload';

type FormQuestion = { question: string; options: { text: string }[]; correctAnswer: string; points: string };
type FormValues = { title: string; questions: FormQuestion[] };

const toFormQuestion = (q = emptyQuizQuestion()): FormQuestion => ({
  question: q.question,
  options: q.options.map((text) => ({ text })),
  correctAnswer: String(q.correctAnswer),
  points: q.points,
});
const defaults = (): FormValues => ({ title: quizFormDefaults().title, questions: quizFormDefaults().questions.map(toFormQuestion) });
const toQuizValues = (values: FormValues): QuizFormValues => ({
  title: values.title,
  questions: values.questions.map((q) => ({ question: q.question, options: q.options.map((o) => o.text), correctAnswer: Number(q.correctAnswer), points: q.points })),
});

/** SPEC 5: the seller's Create Quiz form, in a bottom sheet. */
export function CreateQuizSheet({ streamId, open, onOpenChange }: { streamId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, reset } = useForm<FormValues>({ defaultValues: defaults() });
  const { fields, append, remove } = useFieldArray({ control, name: 'questions' });
  const createQuiz = useCreateQuiz({
    streamId,
    onSuccess: () => {
      toast({ title: t('engagement.quiz_created_title'), description: t('engagement.quiz_created_body') });
      reset(defaults());
      onOpenChange(false);
    },
    onError: (error) => notifyFailure(error, t('engagement.quiz_create_failed')),
  });

  const onSubmit = handleSubmit((values) => {
    const result = buildQuizPayload(toQuizValues(values));
    if (!result.ok) {
      const key = result.error === 'title_required' ? 'title' : 'questions';
      toast({ title: t(`engagement.quiz_${key}_required_title`), description: t(`engagement.quiz_${key}_required_body`), variant: 'destructive' });
      return;
    }
    createQuiz.mutate({ streamId, body: result.body });
  });

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('engagement.create_quiz')}
      footer={
        <Button type="submit" form="create-quiz-form" className="w-full" disabled={createQuiz.isPending}>
          {createQuiz.isPending ? t('engagement.creating') : t('engagement.start_quiz')}
        </Button>
      }
    >
      <form id="create-quiz-form" noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="quiz-title">{t('engagement.quiz_title')}</Label>
          <Input id="quiz-title" autoComplete="off" maxLength={QUIZ_TITLE_MAX_LENGTH} placeholder={t('engagement.quiz_title_placeholder')} {...register('title')} />
        </div>
        {fields.map((field, qi) => {
          const n = qi + 1;
          return (
            <fieldset key={field.id} className="space-y-2 rounded-xl border p-3">
              <legend className="px-1 text-sm font-semibold">{t('engagement.question_n', { n })}</legend>
              <Input
                aria-label={t('engagement.question_text', { n })}
                autoComplete="off"
                maxLength={QUIZ_QUESTION_MAX_LENGTH}
                placeholder={t('engagement.question_placeholder')}
                {...register(`questions.${qi}.question`)}
              />
              <div role="radiogroup" aria-label={t('engagement.correct_answer_for', { n })} className="space-y-2">
                {[0, 1, 2, 3].map((oi) => (
                  <div key={oi} className="flex items-center gap-2">
                    <input
                      type="radio"
                      value={String(oi)}
                      className="size-5 accent-[var(--color-primary)]"
                      aria-label={t('engagement.mark_correct', { n: oi + 1 })}
                      {...register(`questions.${qi}.correctAnswer`)}
                    />
                    <Input
                      aria-label={t('engagement.question_option', { q: n, n: oi + 1 })}
                      autoComplete="off"
                      maxLength={QUIZ_OPTION_MAX_LENGTH}
                      placeholder={t('engagement.option_n', { n: oi + 1 })}
                      className="h-10"
                      {...register(`questions.${qi}.options.${oi}.text`)}
                    />
                  </div>
                ))}
              </div>
              <div className="flex items-end justify-between gap-2">
                <div className="space-y-1">
                  <Label htmlFor={`quiz-points-${field.id}`}>{t('engagement.points')}</Label>
                  <Input id={`quiz-points-${field.id}`} type="number" inputMode="numeric" min={QUIZ_MIN_POINTS} max={QUIZ_MAX_POINTS} step={1} className="h-10 w-24" {...register(`questions.${qi}.points`)} />
                </div>
                {canRemoveQuizQuestion(fields.length) ? (
                  <Button variant="ghost" size="sm" onClick={() => remove(qi)} aria-label={t('engagement.remove_question', { n })}>
                    <Trash2 aria-hidden="true" />
                    {t('engagement.remove')}
                  </Button>
                ) : null}
              </div>
            </fieldset>
          );
        })}
        {fields.length < QUIZ_MAX_QUESTIONS ? (
          <Button variant="outline" size="sm" onClick={() => append(toFormQuestion())}>
            <Plus aria-hidden="true" />
            {t('engagement.add_question')}
          </Button>
        ) : null}
      </form>
    </Sheet>
  );
}
