import '../i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OperatorReason } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '../utils/notify';
import { FailureNote } from './failure-note';

export const REASON_MAX = 500;

type ReasonSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
  pending: boolean;
  /** Sends the action; a rejection is shown in the sheet, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** Anything the operator should see or choose besides the reason (a return's photos, a level). */
  children?: ReactNode;
};

/**
 * Every operator action that changes something asks why first: the audit log keeps the reason with who
 * did it and when. When the server refuses, the sheet stays open with its words and the reason kept.
 * Mount it with a key per target: it starts empty for each.
 */
export function ReasonSheet({ open, onOpenChange, title, description, confirmLabel, destructive, pending, onConfirm, children }: ReasonSheetProps) {
  const { t } = useTranslation();
  const formId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = OperatorReason.safeParse(reason);
    setInvalid(!checked.success);
    if (!checked.success) return;
    setFailure(null);
    onConfirm(checked.data).catch((error: unknown) => setFailure(failureText(error, t)));
  };
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={destructive ? 'destructive' : 'default'} className="flex-1" disabled={pending} aria-busy={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <FailureNote text={failure} />
        {children}
        <div className="space-y-2">
          <Label htmlFor={fieldId}>{t('admin.reason')}</Label>
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t('admin.reason_placeholder')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${fieldId}-error` : undefined}
          />
          {invalid ? (
            <p id={`${fieldId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {t('admin.reason_error')}
            </p>
          ) : null}
        </div>
      </form>
    </Sheet>
  );
}
