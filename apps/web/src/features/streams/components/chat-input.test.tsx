import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ChatInput, normalizeChatMessage } from './chat-input';

describe('normalizeChatMessage', () => {
  it('trims the message and refuses an empty one', () => {
    expect(normalizeChatMessage('  Namaste!  ')).toBe('Namaste!');
    expect(normalizeChatMessage('')).toBeNull();
    expect(normalizeChatMessage(' \n\t ')).toBeNull();
  });
});

describe('ChatInput', () => {
  const setup = (result = true) => {
    const onSend = vi.fn(() => result);
    renderWithProviders(<ChatInput onSend={onSend} />);
    return { onSend, input: screen.getByLabelText('Chat message') as HTMLInputElement };
  };

  it('sends the trimmed message when Enter is pressed, then clears the box', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: '  Is this pure silk?  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Is this pure silk?');
    expect(input.value).toBe('');
  });

  it('does not send an empty or blank message', () => {
    const { onSend, input } = setup();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: '    ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the Send button too', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'Price?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Price?');
  });

  it('keeps the text when the message could not be sent', () => {
    const { onSend, input } = setup(false);
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledOnce();
    expect(input.value).toBe('Hello');
  });

  it('does not send on other keys', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.keyDown(input, { key: 'a' });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });
});
