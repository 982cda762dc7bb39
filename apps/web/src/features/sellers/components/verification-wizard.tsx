import 'virtual:english-load/verification';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seller } from '@live-market/contract/sellers';
import type { VerificationSubmission } from '@live-market/contract/verification';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { EMPTY_VERIFICATION_FORM, VerificationForm, type VerificationFormValues } from './verification-form';
import { VerificationIntro } from './verification-intro';
import { VerificationSuccess, VerificationSuccessIcon } from './verification-success';

/** SPEC section 4: step 1 → 2 (start), 2 → 1 (back), 2 → 4 (submitted). Step 3 is unused. */
export type VerificationStep = 1 | 2 | 4;

const STAGES: { step: VerificationStep; key: 'verification.stage_intro' | 'verification.stage_details' | 'verification.stage_done' }[] = [
  { step: 1, key: 'verification.stage_intro' },
  { step: 2, key: 'verification.stage_details' },
  { step: 4, key: 'verification.stage_done' },
];

type VerificationWizardProps = {
  seller: Pick<Seller, 'isVerified' | 'verificationLevel'>;
  /** After a successful submission: the caller refreshes the current user. */
  onSubmitted?: (submission: VerificationSubmission) => void;
  initialStep?: VerificationStep;
};

export function VerificationWizard({ seller, onSubmitted, initialStep = 1 }: VerificationWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<VerificationStep>(initialStep);
  const [draft, setDraft] = useState<VerificationFormValues>(EMPTY_VERIFICATION_FORM);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each new step is announced by moving focus to its heading (not on the first render).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const titles = { 1: t('verification.intro_title'), 2: t('verification.form_title'), 4: t('verification.submitted_title') } as const;

  return (
    <div className="space-y-4">
      <ol className="grid grid-cols-3 gap-2" aria-label={t('verification.progress_label')}>
        {STAGES.map((stage) => (
          <li key={stage.step} aria-current={stage.step === step ? 'step' : undefined} className="space-y-1.5">
            <span className={cn('block h-1.5 rounded-full', stage.step <= step ? 'bg-brand-gradient' : 'bg-muted')} />
            <span className={cn('block text-xs font-medium', stage.step === step ? 'text-primary' : 'text-muted-foreground')}>{t(stage.key)}</span>
          </li>
        ))}
      </ol>
      <Card className="p-5">
        {step === 4 ? <VerificationSuccessIcon /> : null}
        <h2 ref={heading} tabIndex={-1} className={cn('text-xl font-bold outline-none', step === 4 ? 'mt-4 mb-2 text-center' : 'mb-4')}>
          {titles[step]}
        </h2>
        {step === 1 ? <VerificationIntro seller={seller} onStart={() => setStep(2)} /> : null}
        {step === 2 ? (
          <VerificationForm
            defaultValues={draft}
            onBack={(values) => {
              setDraft(values);
              setStep(1);
            }}
            onSubmitted={(submission) => {
              setDraft(EMPTY_VERIFICATION_FORM);
              setStep(4);
              onSubmitted?.(submission);
            }}
          />
        ) : null}
        {step === 4 ? <VerificationSuccess /> : null}
      </Card>
    </div>
  );
}
