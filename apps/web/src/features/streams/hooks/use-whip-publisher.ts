import { useEffect, useRef, useState } from 'react';
import { getStreamMedia } from '../api/get-stream-media';
import { startWhipPublisher, type PublisherState, type WhipPublisher } from '../media/whip-publisher';

/**
 * Publishes the camera over WHIP while a stream is given. A new video track (camera switch) is
 * swapped in place; the connection is only rebuilt when the camera stream itself changes.
 */
export function useWhipPublisher(
  streamId: string,
  camera: MediaStream | null,
  videoTrack: MediaStreamTrack | null,
): { state: PublisherState; retry: () => void } {
  const [state, setState] = useState<PublisherState>('connecting');
  const publisher = useRef<WhipPublisher | null>(null);

  useEffect(() => {
    if (!camera) return;
    const current = startWhipPublisher({ getEndpoints: () => getStreamMedia(streamId), stream: camera, onState: setState });
    publisher.current = current;
    return () => {
      current.stop();
      if (publisher.current === current) publisher.current = null;
    };
  }, [streamId, camera]);

  useEffect(() => {
    if (videoTrack) void publisher.current?.replaceVideoTrack(videoTrack).catch((error: unknown) => console.warn('[media] camera switch failed', error));
  }, [videoTrack]);

  return { state, retry: () => publisher.current?.retry() };
}
