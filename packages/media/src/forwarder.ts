// Per-viewer RTP forwarding. Each packet is cloned per viewer because werift's sendRtp rewrites
// the packet in place (SSRC, payload type, extensions) and keeps it in its NACK cache: one packet
// object shared between senders would be corrupted by the next sender.
import type { RTCRtpCodecParameters, RTCRtpSender, RtpPacket } from 'werift';
import { isKeyframeStart, videoCodecName, type VideoCodecName } from './keyframe.js';
import { LAYER_FULL, LAYER_LOW, type CodecInfo, type Layer, type PublisherRef, type SourceMedia, type ViewerSettings } from './protocol.js';
import type { MediaKind } from './sdp.js';

export class ViewerTrack {
  packetsSent = 0;
  #codecName: VideoCodecName | undefined;
  #forwarding = false;
  #waitingForKeyframe = true;
  /** Off: audio only, no video RTP at all. */
  #videoOn = true;
  /** The layer being forwarded, and the one wanted: a switch happens on the wanted layer's next keyframe. */
  #layer: Layer = LAYER_FULL;
  #wantedLayer: Layer = LAYER_FULL;
  // Rewriting state: the viewer sees one continuous sequence/timestamp line even when the
  // publisher is replaced (a new SSRC starting at random numbers).
  #inputSsrc: number | undefined;
  #seqOffset = 0;
  #tsOffset = 0;
  #lastSeq: number | undefined;
  #lastTs = 0;
  #lastSentAt = 0;
  #clockRate = 90_000;

  constructor(
    readonly kind: MediaKind,
    private readonly sender: RTCRtpSender,
    /** The codecs this viewer negotiated for the kind. */
    private readonly negotiated: RTCRtpCodecParameters[],
  ) {}

  /** The layer this track needs a keyframe of: starting, resuming after audio only, or switching layers. */
  get keyframeWanted(): Layer | undefined {
    if (this.kind !== 'video' || !this.#forwarding || !this.#videoOn) return undefined;
    return this.#waitingForKeyframe || this.#layer !== this.#wantedLayer ? this.#wantedLayer : undefined;
  }

  get waitingForKeyframe(): boolean {
    return this.kind === 'video' && this.#forwarding && this.#videoOn && this.#waitingForKeyframe;
  }

  get layer(): Layer {
    return this.#layer;
  }

  get videoOn(): boolean {
    return this.#videoOn;
  }

  /**
   * Video on or off, and the layer to forward: the low one when data saver is on and the
   * publisher sends it. Off → on waits for a keyframe, as a new viewer does.
   */
  configure(videoOn: boolean, wantedLayer: Layer): void {
    if (this.kind !== 'video') return;
    if (videoOn && !this.#videoOn) this.#waitingForKeyframe = true;
    this.#videoOn = videoOn;
    this.#wantedLayer = wantedLayer;
    // Nothing on screen to keep meanwhile: start on the wanted layer straight away.
    if (this.#waitingForKeyframe) this.#layer = wantedLayer;
  }

  get ready(): boolean {
    return this.sender.transport?.state === 'connected';
  }

  /**
   * Points the track at a (new) publisher's codec. The sender sends with its `codec`'s payload
   * type, so choosing the viewer's own variant of the publisher's codec is the payload type rewrite.
   * Returns false when this viewer cannot receive that codec.
   */
  setSource(info: CodecInfo | undefined): boolean {
    this.#waitingForKeyframe = true;
    this.#inputSsrc = undefined;
    this.#layer = this.#wantedLayer;
    const match = info && pickCodec(this.negotiated, info);
    this.#forwarding = match !== undefined;
    if (match) {
      this.sender.codec = match;
      this.#clockRate = match.clockRate;
      this.#codecName = videoCodecName(match.mimeType);
    }
    return this.#forwarding;
  }

  forward(packet: RtpPacket, layer: Layer = LAYER_FULL): void {
    if (!this.#forwarding || !this.ready) return;
    const header = packet.header;
    if (this.kind === 'video') {
      if (!this.#videoOn) return;
      if (layer !== this.#layer) {
        // The other layer: its keyframe moves this viewer over when it is the wanted layer, or when
        // nothing is on screen yet and it is the low one (a browser starts its full layer only once
        // its bandwidth estimate allows: a small picture now beats none). Never up unasked: data
        // saver stays under its cap.
        const startLow = this.#waitingForKeyframe && layer === LAYER_LOW;
        if ((layer !== this.#wantedLayer && !startLow) || !this.#codecName || !isKeyframeStart(this.#codecName, packet.payload)) return;
        this.#layer = layer;
      }
    }
    const newSource = header.ssrc !== this.#inputSsrc;
    if (this.kind === 'video') {
      if (newSource) this.#waitingForKeyframe = true;
      if (this.#waitingForKeyframe) {
        if (!this.#codecName || !isKeyframeStart(this.#codecName, packet.payload)) return;
        this.#waitingForKeyframe = false;
      }
    }
    if (newSource) this.#rebase(header.ssrc, header.sequenceNumber, header.timestamp);

    const out = packet.clone();
    // The publisher's header extension ids mean nothing in this viewer's negotiation.
    out.header.extensions = [];
    out.header.extension = false;
    out.header.sequenceNumber = (header.sequenceNumber + this.#seqOffset) & 0xffff;
    out.header.timestamp = (header.timestamp + this.#tsOffset) >>> 0;
    this.#lastSeq = out.header.sequenceNumber;
    this.#lastTs = out.header.timestamp;
    this.#lastSentAt = performance.now();
    this.packetsSent += 1;
    this.sender.sendRtp(out).catch(() => {
      // The transport closed under us; the session's state watcher cleans up.
    });
  }

  #rebase(ssrc: number, seq: number, ts: number): void {
    this.#inputSsrc = ssrc;
    if (this.#lastSeq === undefined) return; // first source: numbers pass through unchanged
    const elapsedTicks = Math.max(1, Math.round(((performance.now() - this.#lastSentAt) * this.#clockRate) / 1000));
    this.#seqOffset = (this.#lastSeq + 1 - seq) & 0xffff;
    this.#tsOffset = (this.#lastTs + elapsedTicks - ts) >>> 0;
  }
}

function fmtp(parameters: string | undefined, name: string): string | undefined {
  const pair = (parameters ?? '').split(';').find((p) => p.trim().startsWith(`${name}=`));
  return pair?.split('=')[1]?.trim().toLowerCase();
}

/** The viewer's codec for the publisher's; for H264, the same packetization mode and profile when offered. */
export function pickCodec(negotiated: RTCRtpCodecParameters[], info: CodecInfo): RTCRtpCodecParameters | undefined {
  const same = negotiated.filter((c) => c.mimeType.toLowerCase() === info.mimeType.toLowerCase() && c.clockRate === info.clockRate);
  if (same.length <= 1) return same[0];
  const score = (c: RTCRtpCodecParameters) =>
    (fmtp(c.parameters, 'packetization-mode') === fmtp(info.parameters, 'packetization-mode') ? 2 : 0) +
    (fmtp(c.parameters, 'profile-level-id') === fmtp(info.parameters, 'profile-level-id') ? 1 : 0);
  return same.reduce((best, c) => (score(c) > score(best) ? c : best));
}

/** What the fan-out needs from a viewer session. */
export interface FanoutViewer {
  readonly sessionId: string;
  readonly tracks: Partial<Record<MediaKind, ViewerTrack>>;
  readonly connected: boolean;
  /** The viewer's choice; the layer actually forwarded also depends on what the publisher sends. */
  settings: ViewerSettings;
}

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = { video: true, dataSaver: false };

/** The layer a viewer gets: the low one only when wanted and sent. */
export function layerFor(settings: ViewerSettings, media: SourceMedia | undefined): Layer {
  return settings.dataSaver && media?.lowLayer ? LAYER_LOW : LAYER_FULL;
}

/**
 * The most packets of one layer kept since its latest keyframe (~5 s at 1 Mbps, ~700 KB). Browsers send a
 * keyframe only when asked, so a picture can go on for minutes: past this the cache waits for the next.
 */
export const GOP_CACHE_MAX_PACKETS = 600;

/** One stream's viewers on one worker, fed by the stream's publisher wherever it lives. */
export class StreamFanout {
  publisher: PublisherRef | undefined;
  readonly viewers = new Map<string, FanoutViewer>();
  /**
   * Per layer, the packets since its latest keyframe (null: too many since, or none yet). A viewer who
   * connects gets them at once and has a picture without waiting for a keyframe it asked for: in a
   * crowd joining together that wait was ~0.5–1 s (issue 15).
   */
  readonly #gop = new Map<Layer, RtpPacket[] | null>();
  /** Viewers still negotiating; the fan-out must outlive them to receive notices meanwhile. */
  opening = 0;

  constructor(
    readonly streamId: string,
    private readonly requestKeyframe: (publisher: PublisherRef, layer: Layer) => void,
    private readonly warn: (obj: object, msg: string) => void,
  ) {}

  setPublisher(publisher: PublisherRef | undefined): void {
    if (publisher?.sessionId !== this.publisher?.sessionId) this.#gop.clear();
    this.publisher = publisher;
    for (const viewer of this.viewers.values()) this.#applySource(viewer);
    this.keyframeForWaiters();
  }

  add(viewer: FanoutViewer): void {
    this.viewers.set(viewer.sessionId, viewer);
    this.#applySource(viewer);
  }

  remove(sessionId: string): void {
    this.viewers.delete(sessionId);
  }

  /**
   * Gives each connected viewer still waiting for a picture the cached one of its layer; asks the
   * publisher for a keyframe of each layer someone is still waiting for after that.
   */
  keyframeForWaiters(): void {
    if (!this.publisher) return;
    const wanted = new Set<Layer>();
    for (const viewer of this.viewers.values()) {
      const track = viewer.tracks.video;
      if (!viewer.connected || !track) continue;
      const layer = track.keyframeWanted;
      if (layer === undefined) continue;
      // Only to a viewer that has had nothing yet: one that had a picture (video back on, a layer
      // switch) may already hold older packets than the cache, and is asked a keyframe as before.
      if (track.packetsSent === 0) for (const packet of this.#gop.get(layer) ?? []) track.forward(packet, layer);
      const still = track.keyframeWanted;
      if (still !== undefined) wanted.add(still);
    }
    for (const layer of wanted) this.requestKeyframe(this.publisher, layer);
  }

  /** A viewer's own PLI: its decoder lost the picture. */
  viewerLostPicture(viewer: FanoutViewer): void {
    const layer = viewer.tracks.video?.layer ?? LAYER_FULL;
    if (this.publisher) this.requestKeyframe(this.publisher, layer);
  }

  /** Video on/off and data saver for one viewer; a keyframe is asked for when it needs one. */
  updateSettings(sessionId: string, settings: Partial<ViewerSettings>): boolean {
    const viewer = this.viewers.get(sessionId);
    if (!viewer) return false;
    viewer.settings = { ...viewer.settings, ...settings };
    viewer.tracks.video?.configure(viewer.settings.video, layerFor(viewer.settings, this.publisher?.media));
    this.keyframeForWaiters();
    return true;
  }

  forward(publisherSessionId: string, kind: MediaKind, packet: RtpPacket, layer: Layer = LAYER_FULL): void {
    if (this.publisher?.sessionId !== publisherSessionId) return; // a replaced publisher's last packets
    if (kind === 'video') this.#keep(packet, layer);
    for (const viewer of this.viewers.values()) viewer.tracks[kind]?.forward(packet, layer);
  }

  /** Tracks did not change the packet (each sends a clone): it can be kept as it came. */
  #keep(packet: RtpPacket, layer: Layer): void {
    const mimeType = this.publisher?.media?.video?.mimeType;
    const codec = mimeType ? videoCodecName(mimeType) : undefined;
    const gop = this.#gop.get(layer);
    // A new picture begins (an H264 keyframe's SPS and its IDR are two starts of one frame: one timestamp).
    if (codec && isKeyframeStart(codec, packet.payload) && gop?.[0]?.header.timestamp !== packet.header.timestamp) {
      this.#gop.set(layer, [packet]);
      return;
    }
    if (!gop) return;
    if (gop.length >= GOP_CACHE_MAX_PACKETS) this.#gop.set(layer, null);
    else gop.push(packet);
  }

  #applySource(viewer: FanoutViewer): void {
    const media = this.publisher?.media;
    viewer.tracks.video?.configure(viewer.settings.video, layerFor(viewer.settings, media));
    for (const [kind, track] of Object.entries(viewer.tracks) as [MediaKind, ViewerTrack][]) {
      const info = media?.[kind];
      if (!track.setSource(info) && info) {
        this.warn({ sessionId: viewer.sessionId, streamId: this.streamId, codec: info.mimeType }, `viewer cannot receive the publisher's ${kind} codec`);
      }
    }
  }
}
