// A stream's source on its worker: a WHIP peer connection, or the looping demo clip. Both hand
// every RTP packet to the worker (local fan-out + other workers), tagged with its video layer, and
// answer keyframe requests, rate-limited per publisher and layer.
import { RTCPeerConnection, type RtpPacket } from 'werift';
import { DEMO_PAYLOAD_TYPE, DemoSource, demoClip, demoLowClip } from './demo-source.js';
import { MediaError } from './errors.js';
import { KeyframeRequester } from './keyframe-requester.js';
import { answerOffer, peerConfig, watchConnection, type ConnectionWatch } from './peer.js';
import { LAYER_FULL, LAYER_LOW, type Layer, type PeerSettings, type SourceMedia } from './protocol.js';
import type { MediaKind } from './sdp.js';

export interface PublisherEvents {
  onPacket(publisher: Publisher, kind: MediaKind, packet: RtpPacket, layer: Layer): void;
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
  requestKeyframe(layer: Layer): void;
  close(): Promise<void>;
}

/**
 * Simulcast rids that name the data-saver layer (ours is 'low'; other WHIP clients' usual names
 * for their smallest layer). Any other rid is the full layer.
 */
const LOW_RIDS = new Set(['low', 'l', 'q']);

export function layerOfRid(rid: string | undefined): Layer {
  return rid !== undefined && LOW_RIDS.has(rid.toLowerCase()) ? LAYER_LOW : LAYER_FULL;
}

export class RtcPublisher implements Publisher {
  readonly media: SourceMedia = {};
  subscribers: readonly number[] = [];
  readonly #keyframes: [KeyframeRequester, KeyframeRequester];
  /** Each layer's SSRC, as seen on its packets (simulcast SSRCs are not in the offer). */
  readonly #videoSsrcs: [number | undefined, number | undefined] = [undefined, undefined];
  /** A keyframe asked for before the layer's SSRC was known: sent with its first packet. */
  readonly #pliOwed: [boolean, boolean] = [false, false];
  #watch: ConnectionWatch | undefined;
  #closed = false;

  private constructor(
    readonly sessionId: string,
    readonly streamId: string,
    private readonly pc: RTCPeerConnection,
  ) {
    this.#keyframes = [new KeyframeRequester(() => this.#sendPli(LAYER_FULL)), new KeyframeRequester(() => this.#sendPli(LAYER_LOW))];
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
          // Simulcast: one track per rid. The first full-layer rid is the full layer; further
          // full-size rids (a three-layer client's middle one) are not forwarded.
          let fullRid: string | undefined;
          for (const track of transceiver.receiver.tracks) {
            const layer = kind === 'video' ? layerOfRid(track.rid) : LAYER_FULL;
            if (track.rid !== undefined && layer === LAYER_FULL) {
              if (fullRid !== undefined) continue;
              fullRid = track.rid;
            }
            if (layer === LAYER_LOW) publisher.media.lowLayer = true;
            track.onReceiveRtp.subscribe((packet) => {
              if (kind === 'video' && publisher.#videoSsrcs[layer] !== packet.header.ssrc) {
                publisher.#videoSsrcs[layer] = packet.header.ssrc;
                if (publisher.#pliOwed[layer]) publisher.#sendPli(layer);
              }
              events.onPacket(publisher, kind, packet, layer);
            });
          }
        }
      });
      publisher.#watch = watchConnection(
        pc,
        () => publisher.#keyframes.forEach((requester) => requester.request()),
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

  requestKeyframe(layer: Layer): void {
    this.#keyframes[layer].request();
  }

  #sendPli(layer: Layer): void {
    const transceiver = this.pc.getTransceivers().find((t) => t.kind === 'video' && t.receiver.tracks.length > 0);
    const ssrc = this.#videoSsrcs[layer] ?? (layer === LAYER_FULL ? transceiver?.receiver.tracks[0]?.ssrc : undefined);
    // A simulcast layer's SSRC is only learnt from its packets; a browser may start a layer late.
    this.#pliOwed[layer] = !transceiver || ssrc === undefined;
    if (transceiver && ssrc !== undefined) void transceiver.receiver.sendRtcpPLI(ssrc);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const requester of this.#keyframes) requester.close();
    this.#watch?.dispose();
    await this.pc.close().catch(() => {});
  }
}

/** The demo clip, plus a smaller encoding of it as the data-saver layer. */
export class DemoPublisher implements Publisher {
  readonly media: SourceMedia = { video: { mimeType: 'video/VP8', clockRate: 90_000 }, lowLayer: true };
  subscribers: readonly number[] = [];
  readonly #sources: [DemoSource, DemoSource];
  readonly #keyframes: [KeyframeRequester, KeyframeRequester];

  constructor(
    readonly sessionId: string,
    readonly streamId: string,
    events: PublisherEvents,
  ) {
    const source = (layer: Layer) =>
      new DemoSource({
        clip: layer === LAYER_FULL ? demoClip() : demoLowClip(),
        payloadType: DEMO_PAYLOAD_TYPE,
        onPacket: (packet) => events.onPacket(this, 'video', packet, layer),
      });
    this.#sources = [source(LAYER_FULL), source(LAYER_LOW)];
    this.#keyframes = [new KeyframeRequester(() => this.#sources[LAYER_FULL].requestKeyframe()), new KeyframeRequester(() => this.#sources[LAYER_LOW].requestKeyframe())];
    for (const s of this.#sources) s.start();
  }

  setSubscribers(workers: number[]): void {
    this.subscribers = workers;
  }

  requestKeyframe(layer: Layer): void {
    this.#keyframes[layer].request();
  }

  async close(): Promise<void> {
    for (const requester of this.#keyframes) requester.close();
    for (const s of this.#sources) s.stop();
  }
}
