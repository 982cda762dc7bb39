import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { inNextTask } from '@/lib/next-task';
import { getStreamMedia } from '../api/get-stream-media';
import { FULL_DELIVERY, startWhepViewer, type Delivery, type ViewerState, type WhepViewer } from '../media/whep-viewer';

/**
 * Plays the stream's video over WHEP while enabled; the viewer reconnects by itself. dataSaver: whether
 * the media server has a smaller layer to offer (every mode now: Janus too, decision 052).
 */
export function useWhepViewer(
  streamId: string,
  enabled: boolean,
  delivery: Delivery = FULL_DELIVERY,
): { state: ViewerState; stream: MediaStream | null; retry: () => void; dataSaver: boolean } {
  const [state, setState] = useState<ViewerState>('connecting');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const viewer = useRef<WhepViewer | null>(null);
  // A new connection starts with the current choice; later changes go to it through setDelivery.
  const currentDelivery = useEffectEvent(() => delivery);

  useEffect(() => {
    if (!enabled) return;
    return inNextTask(() => {
      const current = startWhepViewer({
        getEndpoints: () => getStreamMedia(streamId),
        onState: setState,
        onStream: setStream,
        delivery: currentDelivery(),
      });
      viewer.current = current;
      return () => {
        current.stop();
        if (viewer.current === current) viewer.current = null;
      };
    });
  }, [streamId, enabled]);

  useEffect(() => {
    viewer.current?.setDelivery({ video: delivery.video, dataSaver: delivery.dataSaver });
  }, [delivery.video, delivery.dataSaver]);

  return { state, stream: enabled ? stream : null, retry: () => viewer.current?.retry(), dataSaver: true };
}
