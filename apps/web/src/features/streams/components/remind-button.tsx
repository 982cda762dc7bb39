import { Bell, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '../shows-i18n';
import { Button } from '@/components/ui/button';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSetReminder } from '../api/set-reminder';

type RemindButtonProps = {
  streamId: string;
  reminded: boolean;
  /**
   * Called in the tap that asks for a reminder, while the browser still counts it as the person's
   * gesture: the app asks for permission to send push notifications then, never on load.
   */
  onRemind?: () => void;
  size?: 'sm' | 'default';
  className?: string;
};

/** 'Remind me' on an upcoming show; pressed, it reads 'Reminder set' and a second tap takes it back. */
export function RemindButton({ streamId, reminded, onRemind, size = 'sm', className }: RemindButtonProps) {
  const { t } = useTranslation();
  const mutation = useSetReminder({
    onSuccess: (state) => toast({ title: state.reminded ? t('shows.reminder_set_toast') : t('shows.reminder_removed_toast') }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('shows.reminder_failed') });
    },
  });

  // The answer (or the tap in flight) wins over the list it came from: a show beyond the upcoming
  // list's first 50 has no entry there to update.
  const shown = mutation.isPending ? mutation.variables.remind : mutation.isSuccess ? mutation.data.reminded : reminded;

  const toggle = () => {
    if (!shown) onRemind?.();
    mutation.mutate({ streamId, remind: !shown });
  };

  return (
    <Button
      variant={shown ? 'secondary' : 'default'}
      size={size}
      aria-pressed={shown}
      disabled={mutation.isPending}
      onClick={toggle}
      className={cn('flex-1', className)}
    >
      {shown ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {shown ? t('shows.reminded') : t('shows.remind_me')}
    </Button>
  );
}
