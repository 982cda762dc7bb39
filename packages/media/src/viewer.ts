// A viewer's peer connection (WHEP): send-only audio/video tracks fed by the stream's fan-out.
import { RTCPeerConnection } from 'werift';
import { DEFAULT_VIEWER_SETTINGS, type FanoutViewer, ViewerTrack } from './forwarder.js';
import { answerOffer, msidFor, peerConfig, watchConnection, type ConnectionWatch } from './peer.js';
import type { PeerSettings, ViewerSettings } from './protocol.js';
import type { MediaKind } from './sdp.js';

export interface ViewerEvents {
  onConnected(viewer: ViewerSession): void;
  /** The viewer's decoder asked for a keyframe (RTCP PLI). */
  onLostPicture(viewer: ViewerSession): void;
  onGone(viewer: ViewerSession, reason: string): void;
}

export class ViewerSession implements FanoutViewer {
  readonly tracks: Partial<Record<MediaKind, ViewerTrack>> = {};
  connected = false;
  settings: ViewerSettings = { ...DEFAULT_VIEWER_SETTINGS };
  #watch: ConnectionWatch | undefined;
  #closed = false;

  private constructor(
    readonly sessionId: string,
    readonly streamId: string,
    private readonly pc: RTCPeerConnection,
  ) {}

  static async open(
    sessionId: string,
    streamId: string,
    offerSdp: string,
    settings: PeerSettings,
    events: ViewerEvents,
  ): Promise<{ viewer: ViewerSession; answerSdp: string }> {
    const pc = new RTCPeerConnection(peerConfig(settings, 'play'));
    const viewer = new ViewerSession(sessionId, streamId, pc);
    try {
      const answerSdp = await answerOffer(pc, offerSdp, () => {
        for (const transceiver of pc.getTransceivers()) {
          const kind = transceiver.kind;
          // offerDirection is ours as the offer allows it: 'sendonly'/'sendrecv' when the viewer receives.
          const viewerReceives = transceiver.offerDirection === 'sendonly' || transceiver.offerDirection === 'sendrecv';
          if ((kind !== 'audio' && kind !== 'video') || !viewerReceives || viewer.tracks[kind]) {
            transceiver.setDirection('inactive');
            continue;
          }
          transceiver.setDirection('sendonly');
          transceiver.sender.streamId = msidFor(streamId);
          viewer.tracks[kind] = new ViewerTrack(kind, transceiver.sender, [...transceiver.codecs]);
          transceiver.sender.onPictureLossIndication.subscribe(() => events.onLostPicture(viewer));
        }
      });
      viewer.#watch = watchConnection(
        pc,
        () => {
          viewer.connected = true;
          events.onConnected(viewer);
        },
        (reason) => {
          viewer.connected = false;
          events.onGone(viewer, reason);
        },
      );
      return { viewer, answerSdp };
    } catch (error) {
      await viewer.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.connected = false;
    this.#watch?.dispose();
    await this.pc.close().catch(() => {});
  }
}
