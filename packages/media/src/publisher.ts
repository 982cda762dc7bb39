// A stream's source on its worker: a WHIP peer connection, or the looping demo clip. Both hand
// every RTP packet to the worker (local fan-out + other workers) and answer keyframe requests,
// rate-limited per publisher.
import { RTCPeerConnection, type RtpPacket } from 'werift';
import { DEMO_PAYLOAD_TYPE, DemoSource } from './demo-source.js';
import { MediaError } from './errors.js';
import { KeyframeRequester } from './keyframe-requester.js';
import { answerOffer, peerConfig, watchConnection, type ConnectionWatch } from './peer.js';
import type { PeerSettings, SourceMedia } from './protocol.js';
import type { MediaKind } from './sdp.js';

export interface PublisherEvents {
  onPacket(publisher: Publisher, kind: MediaKind, packet: RtpPacket): void;
  /** ICE/DTLS failed or closed: the publisher went away without a DELETE. */
  onGone(publisher: Publisher, reason: string): void;
}

export interface Publisher {
  readonly sessionId: string;
  readonly streamId: string;
  readonly media: SourceMedia;
  /** Other workers with viewers of this stream, which get a copy of every packet. */
  readonly subscribers: readonly number[];
  setSubscribers(workers: number[]): void;
  requestKeyframe(): void;
  close(): Promise<void>;
}

export class RtcPublisher implements Publisher {
  readonly media: SourceMedia = {};
  subscribers: readonly number[] = [];
  readonly #keyframes: KeyframeRequester;
  #videoSsrc: number | undefined;
  #watch: ConnectionWatch | undefined;
  #closed = false;

  private constructor(
    readonly sessionId: string,
    readonly streamId: string,
    private readonly pc: RTCPeerConnection,
  ) {
    this.#keyframes = new KeyframeRequester(() => this.#sendPli());
  }

  static async open(
    sessionId: string,
    streamId: string,
    offerSdp: string,
    settings: PeerSettings,
    events: PublisherEvents,
  ): Promise<{ publisher: RtcPublisher; answerSdp: string }> {
    const pc = new RTCPeerConnection(peerConfig(settings, 'publish'));
    const publisher = new RtcPublisher(sessionId, streamId, pc);
    try {
      const answerSdp = await answerOffer(pc, offerSdp, () => {
        for (const transceiver of pc.getTransceivers()) {
          const kind = transceiver.kind;
          const publisherSends = transceiver.offerDirection === 'recvonly' || transceiver.offerDirection === 'sendrecv';
          if ((kind !== 'audio' && kind !== 'video') || !publisherSends || publisher.media[kind]) {
            transceiver.setDirection('inactive');
            continue;
          }
          transceiver.setDirection('recvonly');
          const codec = transceiver.codecs.find((c) => c.name.toLowerCase() !== 'rtx');
          if (!codec) continue;
          publisher.media[kind] = { mimeType: codec.mimeType, clockRate: codec.clockRate, parameters: codec.parameters };
          // werift made one track per SSRC in the offer while applying it, and routes RTP by SSRC only.
          if (transceiver.receiver.tracks.length === 0) throw new MediaError(`The offer's ${kind} has no a=ssrc line`, 400);
          for (const track of transceiver.receiver.tracks) {
            track.onReceiveRtp.subscribe((packet) => {
              if (kind === 'video') publisher.#videoSsrc = packet.header.ssrc;
              events.onPacket(publisher, kind, packet);
            });
          }
        }
      });
      publisher.#watch = watchConnection(
        pc,
        () => publisher.#keyframes.request(),
        (reason) => events.onGone(publisher, reason),
      );
      return { publisher, answerSdp };
    } catch (error) {
      await publisher.close();
      throw error;
    }
  }

  setSubscribers(workers: number[]): void {
    this.subscribers = workers;
  }

  requestKeyframe(): void {
    this.#keyframes.request();
  }

  #sendPli(): void {
    const transceiver = this.pc.getTransceivers().find((t) => t.kind === 'video' && t.receiver.tracks.length > 0);
    const ssrc = this.#videoSsrc ?? transceiver?.receiver.tracks[0]?.ssrc;
    if (transceiver && ssrc !== undefined) void transceiver.receiver.sendRtcpPLI(ssrc);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#keyframes.close();
    this.#watch?.dispose();
    await this.pc.close().catch(() => {});
  }
}

export class DemoPublisher implements Publisher {
  readonly media: SourceMedia = { video: { mimeType: 'video/VP8', clockRate: 90_000 } };
  subscribers: readonly number[] = [];
  readonly #source: DemoSource;
  readonly #keyframes: KeyframeRequester;

  constructor(
    readonly sessionId: string,
    readonly streamId: string,
    events: PublisherEvents,
  ) {
    this.#source = new DemoSource({ payloadType: DEMO_PAYLOAD_TYPE, onPacket: (packet) => events.onPacket(this, 'video', packet) });
    this.#keyframes = new KeyframeRequester(() => this.#source.requestKeyframe());
    this.#source.start();
  }

  setSubscribers(workers: number[]): void {
    this.subscribers = workers;
  }

  requestKeyframe(): void {
    this.#keyframes.request();
  }

  async close(): Promise<void> {
    this.#keyframes.close();
    this.#source.stop();
  }
}
