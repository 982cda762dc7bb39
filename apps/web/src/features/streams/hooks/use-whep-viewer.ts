import { useEffect, useRef, useState } from 'react';
import { getStreamMedia } from '../api/get-stream-media';
import { startWhepViewer, type ViewerState, type WhepViewer } from '../media/whep-viewer';

/** Plays the stream's video over WHEP while enabled; the viewer reconnects by itself. */
export function useWhepViewer(streamId: string, enabled: boolean): { state: ViewerState; stream: MediaStream | null; retry: () => void } {
  const [state, setState] = useState<ViewerState>('connecting');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const viewer = useRef<WhepViewer | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const current = startWhepViewer({ getEndpoints: () => getStreamMedia(streamId), onState: setState, onStream: setStream });
    viewer.current = current;
    return () => {
      current.stop();
      if (viewer.current === current) viewer.current = null;
    };
  }, [streamId, enabled]);

  return { state, stream: enabled ? stream : null, retry: () => viewer.current?.retry() };
}
