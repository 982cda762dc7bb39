import 'virtual:english-load/verification';
import { CheckCircle2, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

export function VerificationSuccessIcon() {
  return (
    <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
      <CheckCircle2 className="size-9" aria-hidden="true" />
    </span>
  );
}

/** Step 4 (under the 'Verification Submitted' heading): the 24-48 hour review, what happens next, and 'Go to Dashboard'. */
export function VerificationSuccess() {
  const { t } = useTranslation();
  const steps = [t('verification.next_step_review'), t('verification.next_step_notify'), t('verification.next_step_badge')];
  return (
    <div className="space-y-5 text-center">
      <p className="text-sm text-muted-foreground">{t('verification.submitted_body')}</p>
      <div className="rounded-2xl bg-muted/60 p-4 text-left">
        <h3 className="font-semibold">{t('verification.next_steps_title')}</h3>
        <ol className="mt-2 space-y-2 text-sm">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-gradient text-xs font-bold text-white">{index + 1}</span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </div>
      <Link href="/seller/dashboard" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        <LayoutDashboard aria-hidden="true" />
        {t('verification.go_to_dashboard')}
      </Link>
    </div>
  );
}
