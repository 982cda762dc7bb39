import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/validation-message';

/** A field's validation message (a contract schema message, translated), announced when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {translateValidation(t, message)}
    </p>
  );
}
