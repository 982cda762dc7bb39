import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

// Web Speech API: Chrome on Android (most of our shoppers) has it as webkitSpeechRecognition; Firefox
// has none, and then the mic button is not shown. TypeScript's DOM library does not declare it.
type RecognitionEvent = { resultIndex: number; results: SpeechRecognitionResultList };
type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
};
type RecognitionConstructor = new () => Recognition;

export function speechRecognition(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** The app's language as the recogniser wants it: Indian English and the nine Indian languages as spoken in India. */
export function speechLanguage(code: string): string {
  return `${code.split('-')[0] || 'en'}-IN`;
}

const unchanging = () => () => {};
const canListen = () => speechRecognition() !== null;
// The server cannot know: its HTML has no mic, and hydration adds it without a mismatch.
const serverCanListen = () => false;

export type VoiceError = 'denied' | 'no_speech' | 'no_mic' | 'network' | 'failed';

function voiceError(code: string): VoiceError | null {
  if (code === 'aborted') return null;
  if (code === 'not-allowed' || code === 'service-not-allowed') return 'denied';
  if (code === 'no-speech') return 'no_speech';
  if (code === 'audio-capture') return 'no_mic';
  if (code === 'network') return 'network';
  return 'failed';
}

type VoiceSearchOptions = {
  language: string;
  /** Words as they are heard, before the recogniser settles on them. */
  onInterim: (text: string) => void;
  /** What was said, once: the search to run. */
  onFinal: (text: string) => void;
};

export function useVoiceSearch({ language, onInterim, onFinal }: VoiceSearchOptions) {
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<VoiceError | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const callbacks = useRef({ onInterim, onFinal });
  // The recogniser's handlers, made at start, call the latest ones.
  useEffect(() => {
    callbacks.current = { onInterim, onFinal };
  });

  useEffect(() => () => recognition.current?.abort(), []);

  const stop = useCallback(() => recognition.current?.stop(), []);

  const start = useCallback(() => {
    const Constructor = speechRecognition();
    if (!Constructor || recognition.current) return;
    const current = new Constructor();
    current.lang = speechLanguage(language);
    current.interimResults = true;
    current.continuous = false;
    current.maxAlternatives = 1;
    current.onresult = (event) => {
      let heard = '';
      let final = false;
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i]!;
        heard += result[0]?.transcript ?? '';
        final ||= result.isFinal;
      }
      heard = heard.trim();
      if (!heard) return;
      if (final) callbacks.current.onFinal(heard);
      else callbacks.current.onInterim(heard);
    };
    current.onerror = (event) => setError(voiceError(event.error));
    current.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = current;
    setError(null);
    setListening(true);
    try {
      current.start();
    } catch {
      // Chrome throws when a recognition is already running elsewhere in the page.
      recognition.current = null;
      setListening(false);
      setError('failed');
    }
  }, [language]);

  const supported = useSyncExternalStore(unchanging, canListen, serverCanListen);
  return { supported, listening, error, start, stop };
}
