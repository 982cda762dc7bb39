import '../i18n';
import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A refused action, shown in its sheet (the sheet stays open, its input kept): a toast would sit behind
 * the sheet's modal layer, out of a screen reader's reach.
 */
export function FailureNote({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="block font-semibold">{t('admin.action_failed')}</span>
        {text}
      </p>
    </div>
  );
}
