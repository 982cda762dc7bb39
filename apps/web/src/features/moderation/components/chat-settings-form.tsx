import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SLOW_MODE_SECONDS } from '@live-market/contract/constants';
import type { ChatSettings, ChatSettingsPatch } from '@live-market/contract/moderation';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUpdateChatSettings } from '../api/update-chat-settings';
import { toastFailure } from '../utils/notify';

type ChatSettingsFormProps = {
  streamId: string;
  /** The stream's settings as the page knows them (the room's chat_settings_update keeps them current). */
  settings: ChatSettings;
  onSaved: (settings: ChatSettings) => void;
};

function SwitchRow({ label, body, checked, onChange, disabled }: { label: string; body: string; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  // The whole row is the label, so a tap anywhere on it flips the switch (a 44 px target, not the 28 px switch).
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted-foreground">{body}</span>
      </span>
      <Switch checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />
    </label>
  );
}

/**
 * Issue 12: slow mode (off, 3, 5, 10 or 30 s), followers-only and whether links and phone numbers may
 * be posted. Each change is saved at once; while it is on its way the control shows the new value.
 */
export function ChatSettingsForm({ streamId, settings, onSaved }: ChatSettingsFormProps) {
  const { t } = useTranslation();
  const name = useId();
  const update = useUpdateChatSettings({
    onSuccess: (saved) => {
      onSaved(saved);
      toast({ title: t('moderation.settings_saved') });
    },
    onError: (error) => toastFailure(error, t('moderation.settings_failed')),
  });
  const shown: ChatSettings = { ...settings, ...(update.isPending ? update.variables.patch : {}) };
  const save = (patch: ChatSettingsPatch) => update.mutate({ streamId, patch });

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="font-semibold">{t('moderation.slow_mode')}</legend>
        <p className="text-sm text-muted-foreground">{t('moderation.slow_mode_body')}</p>
        <div className="mt-2 grid grid-cols-5 gap-1 rounded-xl bg-muted p-1">
          {SLOW_MODE_SECONDS.map((seconds) => (
            <label
              key={seconds}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-1 text-center text-sm leading-tight font-semibold transition',
                'has-focus-visible:ring-4 has-focus-visible:ring-brand-500/25',
                shown.slowModeSeconds === seconds ? 'bg-card text-primary shadow-sm' : 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={name}
                className="sr-only"
                checked={shown.slowModeSeconds === seconds}
                onChange={() => save({ slowModeSeconds: seconds })}
                disabled={update.isPending}
              />
              {seconds === 0 ? t('moderation.off') : t('stream.seconds_short', { seconds })}
            </label>
          ))}
        </div>
      </fieldset>
      <SwitchRow
        label={t('moderation.followers_only')}
        body={t('moderation.followers_only_body')}
        checked={shown.followersOnly}
        onChange={(followersOnly) => save({ followersOnly })}
        disabled={update.isPending}
      />
      <SwitchRow
        label={t('moderation.links_allowed')}
        body={t('moderation.links_allowed_body')}
        checked={shown.linksAllowed}
        onChange={(linksAllowed) => save({ linksAllowed })}
        disabled={update.isPending}
      />
    </div>
  );
}
