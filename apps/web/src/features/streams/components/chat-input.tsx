import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@live-market/contract/constants';

/** SPEC section 5: a chat message is trimmed and not sent if empty. Null means nothing to send. */
export function normalizeChatMessage(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed.slice(0, CHAT_MESSAGE_MAX_LENGTH);
}

type ChatInputProps = {
  /** Sends the line; false when it could not go out (offline), and the text stays in the box. */
  onSend: (message: string) => boolean;
  disabled?: boolean;
  /** The box stays open for typing but nothing is sent (slow mode or a timeout is counting down). */
  sendDisabled?: boolean;
  /** A refused line to put back in an empty box, once per id (the server said no after the box was cleared). */
  restore?: { id: number; text: string };
};

export function ChatInput({ onSend, disabled, sendDisabled, restore }: ChatInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [restoredId, setRestoredId] = useState(restore?.id);
  const id = useId();

  if (restore && restore.id !== restoredId) {
    setRestoredId(restore.id);
    if (text === '') setText(restore.text);
  }

  const submit = () => {
    if (sendDisabled) return;
    const message = normalizeChatMessage(text);
    if (message === null) return;
    if (onSend(message)) setText('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  // SPEC section 5: Enter sends it (not while an input method is composing a word).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-center gap-2">
      <label className="sr-only" htmlFor={id}>
        {t('stream.chat_input_label')}
      </label>
      <input
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t('stream.chat_placeholder')}
        autoComplete="off"
        enterKeyHint="send"
        disabled={disabled}
        className="h-11 min-w-0 flex-1 rounded-full border border-input bg-card px-4 text-base placeholder:text-muted-foreground focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/15 focus-visible:outline-none disabled:bg-muted"
      />
      <button
        type="submit"
        disabled={disabled || sendDisabled}
        aria-label={t('stream.chat_send')}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-gradient text-white shadow-md transition active:scale-95 disabled:opacity-50"
      >
        <SendHorizontal className="size-5" aria-hidden="true" />
      </button>
    </form>
  );
}
