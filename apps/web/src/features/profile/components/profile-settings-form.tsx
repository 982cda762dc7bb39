import 'virtual:english-load/settings';
import { Loader2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CurrentUser, UpdateProfileBody } from '@live-market/contract/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

// The contract's schema validates the form (and the server re-checks it); it loads beside the form.
const resolver = lazyZodResolver<z.input<typeof UpdateProfileBody>, z.output<typeof UpdateProfileBody>>(() =>
  import('@live-market/contract/auth').then((m) => m.UpdateProfileBody),
);

type ProfileSettingsFormProps = {
  user: CurrentUser;
  /** Receives the saved user (the PATCH answer) so the caller can refresh the current user. */
  onUpdated: (user: CurrentUser) => void;
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  // Schema messages are English (SPEC section 5); en.json maps each one to itself, other locales translate it.
  const text = t(`validation.${message}` as 'validation.First name is required', { defaultValue: message });
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {text}
    </p>
  );
}

export function ProfileSettingsForm({ user, onUpdated }: ProfileSettingsFormProps) {
  const { t } = useTranslation();
  const ids = { firstName: useId(), lastName: useId(), email: useId() };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver,
    // The e-mail is read-only: it is not registered as an input, so the value sent is the account's own.
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '' },
  });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const mutation = useUpdateProfile({
    onSuccess: (saved) => {
      onUpdated(saved);
      toast({ title: t('settings.updated') });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('settings.error_title'), description: t('settings.error_description') });
    },
  });

  const onSubmit = handleSubmit((values) => mutation.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={ids.firstName}>{t('settings.first_name')}</Label>
        <Input
          id={ids.firstName}
          autoComplete="given-name"
          aria-invalid={errors.firstName ? true : undefined}
          aria-describedby={errors.firstName ? `${ids.firstName}-error` : undefined}
          {...register('firstName')}
        />
        <FieldError id={`${ids.firstName}-error`} message={errors.firstName?.message} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.lastName}>{t('settings.last_name')}</Label>
        <Input
          id={ids.lastName}
          autoComplete="family-name"
          aria-invalid={errors.lastName ? true : undefined}
          aria-describedby={errors.lastName ? `${ids.lastName}-error` : undefined}
          {...register('lastName')}
        />
        <FieldError id={`${ids.lastName}-error`} message={errors.lastName?.message} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.email}>{t('settings.email')}</Label>
        <Input id={ids.email} type="email" value={user.email ?? ''} disabled readOnly aria-describedby={`${ids.email}-hint`} />
        <p id={`${ids.email}-hint`} className="text-xs text-muted-foreground">
          {t('settings.email_hint')}
        </p>
        <FieldError id={`${ids.email}-error`} message={errors.email?.message} />
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('settings.save')}
      </Button>
    </form>
  );
}
