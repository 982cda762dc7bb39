import { BellRing } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { Switch } from '@/components/ui/switch';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { pushPermission, subscribeThisDevice, unsubscribeThisDevice, watchPushPermission, type SubscribeResult } from '../utils/web-push';
import { PushBlockedHint } from './push-blocked-hint';

type PushSettingsProps = {
  /** CurrentUser.pushEnabled. */
  enabled: boolean;
  /** Saves the choice (PATCH /api/auth/profile {pushEnabled}); the app refreshes the current user. */
  onSave: (enabled: boolean) => Promise<unknown>;
};

type Note = 'blocked' | 'unsupported' | 'device_failed' | null;

function noteFor(result: SubscribeResult | NotificationPermission | 'unsupported'): Note {
  if (result === 'denied') return 'blocked';
  if (result === 'unsupported') return 'unsupported';
  if (result === 'failed' || result === 'no-worker') return 'device_failed';
  return null;
}

/**
 * Profile settings' 'Push notifications' switch (issue 13). On: saved for the account, and this
 * browser asks for permission (the switch's tap lets its prompt show) and subscribes. Off: saved, and
 * this browser unsubscribes. What the browser allows is said under the switch.
 */
export function PushSettings({ enabled, onSave }: PushSettingsProps) {
  const { t } = useTranslation();
  const ids = { label: useId(), body: useId(), note: useId() };
  const [pending, setPending] = useState<boolean | null>(null);
  const [note, setNote] = useState<Note>(() => (enabled ? noteFor(pushPermission()) : null));
  const permission = useSyncExternalStore(watchPushPermission, pushPermission, () => 'default' as const);
  // Issue 25: blocked by the browser, nothing can arrive on this device: the switch says off, whatever
  // the account says, and the note says how to allow them. It comes back by itself once allowed.
  const blocked = permission === 'denied';
  const checked = blocked ? false : (pending ?? enabled);

  // Allowed in the site settings after being blocked: this device signs up, as the switch already says.
  const wasPermission = useRef(permission);
  useEffect(() => {
    const before = wasPermission.current;
    wasPermission.current = permission;
    if (before !== 'granted' && permission === 'granted' && enabled) void subscribeThisDevice().then((result) => setNote(noteFor(result)));
  }, [permission, enabled]);

  const change = (next: boolean) => {
    setPending(next);
    setNote(null);
    // Asked now, inside the tap: browsers show the prompt only for a person's gesture.
    const permission =
      next && pushPermission() === 'default' ? Notification.requestPermission().catch(() => 'default' as const) : Promise.resolve(pushPermission());
    onSave(next)
      .then(async () => {
        toast({ title: next ? t('push.saved_on') : t('push.saved_off') });
        if (!next) {
          await unsubscribeThisDevice().catch((error: unknown) => console.warn('Push unsubscribe failed', error));
          return;
        }
        const answer = await permission;
        setNote(answer === 'granted' ? noteFor(await subscribeThisDevice()) : noteFor(answer));
      })
      .catch((error: unknown) => {
        if (handleUnauthorized(error)) return;
        toast({ variant: 'destructive', title: t('push.save_failed') });
      })
      .finally(() => setPending(null));
  };

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p id={ids.label} className="font-semibold">
            {t('push.title')}
          </p>
          <p id={ids.body} className="mt-0.5 text-sm text-muted-foreground">
            {t('push.body')}
          </p>
        </div>
        <Switch
          checked={checked}
          disabled={pending !== null || blocked}
          aria-labelledby={ids.label}
          aria-describedby={note || blocked ? `${ids.body} ${ids.note}` : ids.body}
          onChange={(event) => change(event.target.checked)}
          className="mt-1"
        />
      </div>
      {blocked ? (
        <PushBlockedHint id={ids.note} />
      ) : note && checked ? (
        <p id={ids.note} role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t(`push.note_${note}`)}
        </p>
      ) : null}
    </div>
  );
}
