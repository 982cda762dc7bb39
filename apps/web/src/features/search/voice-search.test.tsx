import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { makeUser, renderWithProviders } from '@/testing/render';
import { SearchPage } from './components/search-page';
import { speechLanguage } from './hooks/use-voice-search';
import { stubSearchServer, testCards } from './testing';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** A stand-in for Chrome's recogniser: the test says what it heard, or which error it met. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  interimResults = false;
  continuous = true;
  maxAlternatives = 0;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {}
  hear(transcript: string, isFinal: boolean) {
    const result = Object.assign([{ transcript, confidence: 0.9 }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

const renderSearch = () => renderWithProviders(<SearchPage cards={testCards} />, { path: '/search', user: makeUser() });

describe('voice search', () => {
  it('has no mic where the browser cannot listen', () => {
    stubSearchServer({});
    renderSearch();
    expect(screen.getByRole('combobox')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search by voice' })).toBeNull();
  });

  it("listens in the app's language, shows the words as heard, and searches for what was said", async () => {
    stubSearchServer({});
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    await changeLanguage('hi');
    const { location } = renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'बोलकर खोजें' }));
    const recognition = FakeRecognition.last!;
    expect(recognition.started).toBe(true);
    expect(recognition.lang).toBe('hi-IN');
    expect(screen.getByText('सुन रहे हैं… बताइए आप क्या ढूँढ रहे हैं')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सुनना बंद करें' }).getAttribute('aria-pressed')).toBe('true');

    act(() => recognition.hear('झुमका', false));
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'झुमका');
    act(() => {
      recognition.hear('झुमका सेट', true);
      recognition.onend?.();
    });
    expect(location()).toBe(`/search?q=${encodeURIComponent('झुमका सेट').replace(/%20/g, '+')}`);
    expect(screen.getByRole('button', { name: 'बोलकर खोजें' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when the microphone is blocked, and the mic stays to try again', () => {
    stubSearchServer({});
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Search by voice' }));
    act(() => {
      FakeRecognition.last!.onerror?.({ error: 'not-allowed' });
      FakeRecognition.last!.onend?.();
    });
    expect(screen.getByText(/Microphone access is blocked/)).toBeTruthy();
    expect(screen.queryByText(/Listening/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Search by voice' })).toBeTruthy();
  });

  it('names the ten languages as spoken in India', () => {
    expect(['en', 'hi', 'ta', 'pa'].map(speechLanguage)).toEqual(['en-IN', 'hi-IN', 'ta-IN', 'pa-IN']);
  });
});
