// werift clients for tests and the video benchmark: a WHIP-style publisher that sends real VP8
// frames (the demo clip through our packetizer) and WHEP-style viewers that record what arrives.
// Both gather on loopback only and complete ICE gathering before handing over their offer.
import {
  PictureLossIndication,
  RTCPeerConnection,
  RtcpPayloadSpecificFeedback,
  RtpHeader,
  RtpPacket,
  serializeSdesRTPStreamID,
  useH264,
  useOPUS,
  useSdesRTPStreamId,
  useVP8,
  type RTCRtpTransceiver,
  type RTCPeerConnectionConfig,
} from 'werift';
import { networkInterfaces } from 'node:os';
import { demoClip, demoLowClip } from '../demo-source.js';
import { frameDuration, type IvfFile } from '../ivf.js';
import { isKeyframeStart, videoCodecName } from '../keyframe.js';
import type { MediaServer, MediaSession } from '../types.js';
import { Vp8Packetizer } from '../vp8-packetizer.js';

export { parseWebm, type WebmFile } from './webm.js';

export const LOOPBACK_CONFIG: RTCPeerConnectionConfig = {
  iceServers: [],
  iceUseIpv4: false,
  iceUseIpv6: false,
  iceAdditionalHostAddresses: ['127.0.0.1'],
  iceInterfaceAddresses: { udp4: '127.0.0.1' },
  headerExtensions: { audio: [], video: [] },
  // One transport for audio and video from the start: with werift's default (max-compat) the
  // second transport's socket outlives pc.close() once the answer bundles them.
  bundlePolicy: 'max-bundle',
};

function peerConfig(address: string | undefined): RTCPeerConnectionConfig {
  if (!address) return LOOPBACK_CONFIG;
  return { ...LOOPBACK_CONFIG, iceAdditionalHostAddresses: [address], iceInterfaceAddresses: { udp4: address } };
}

/** This machine's first non-loopback IPv4 address (Janus leaves loopback out of its candidates). */
export function hostAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  throw new Error('no non-loopback IPv4 address: Janus cannot be tested here');
}

async function offerWithCandidates(pc: RTCPeerConnection): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  return pc.localDescription!.sdp;
}

async function connected(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.connectionState === 'connected') return;
  await pc.connectionStateChange.watch((state) => state === 'connected', timeoutMs);
}

export interface TestPublisher {
  session: MediaSession;
  pc: RTCPeerConnection;
  /** Packets sent (video, audio; low: the low layer's), keyframes sent, and PLIs received from the SFU. */
  counts: { packets: number; audioPackets: number; keyframes: number; plis: number; lowPackets: number; lowKeyframes: number; lowPlis: number };
  close(): Promise<void>;
}

export interface PublisherOptions {
  clip?: IvfFile;
  /** Pad frames to reach about this many bits per second (benchmarks); default: the clip's own rate. */
  targetBitrate?: number;
  /** Also send an Opus-like audio track (50 packets/s of 80 bytes). */
  audio?: boolean;
  /**
   * Simulcast as a browser sends it: the clip on rid 'full' and the demo's small clip on rid
   * 'low', each packet carrying its rid in a header extension.
   */
  lowLayer?: boolean;
  /** The peer's only address; default 127.0.0.1 (Janus, which never uses loopback, needs a host address). */
  address?: string;
  /**
   * With lowLayer, false: the full layer is negotiated but never sent, as Chromium does while its
   * bandwidth estimate is below what the full layer needs (a show's first seconds, or all of it).
   */
  fullLayer?: boolean;
}

const RID_EXTENSION = useSdesRTPStreamId();

/** Publishes the clip in real time; a PLI makes it jump to the clip's next keyframe. */
export async function startTestPublisher(server: Pick<MediaServer, 'publish'>, streamId: string, options: PublisherOptions = {}): Promise<TestPublisher> {
  const clip = options.clip ?? demoClip();
  const pc = new RTCPeerConnection({
    ...peerConfig(options.address),
    codecs: { video: [useVP8()], audio: [useOPUS()] },
    headerExtensions: { audio: [], video: options.lowLayer ? [RID_EXTENSION] : [] },
  });
  const video = pc.addTransceiver('video', {
    direction: 'sendonly',
    simulcast: options.lowLayer ? [{ rid: 'low', direction: 'send' }, { rid: 'full', direction: 'send' }] : undefined,
  });
  const audio = options.audio ? pc.addTransceiver('audio', { direction: 'sendonly' }) : undefined;
  let session: MediaSession;
  try {
    session = await server.publish(streamId, await offerWithCandidates(pc));
    await pc.setRemoteDescription({ type: 'answer', sdp: session.answerSdp });
    await connected(pc, 10_000);
  } catch (error) {
    await pc.close().catch(() => {});
    throw error;
  }

  const counts = { packets: 0, audioPackets: 0, keyframes: 0, plis: 0, lowPackets: 0, lowKeyframes: 0, lowPlis: 0 };
  const ticks = frameDuration(clip);
  const frameMs = (ticks * 1000) / 90_000;
  const clipBitrate = (clip.frames.reduce((sum, f) => sum + f.data.length, 0) * 8 * 1000) / (clip.frames.length * frameMs);
  const padding = options.targetBitrate ? Math.max(1, options.targetBitrate / clipBitrate) : 1;
  const full = clipSender(clip, padding, video.sender.ssrc, video.sender.codec?.payloadType ?? 96);
  const low = options.lowLayer ? clipSender(demoLowClip(), 1, video.sender.ssrc + 1, video.sender.codec?.payloadType ?? 96) : undefined;
  const ridId = video.headerExtensions.find((e) => e.uri === RID_EXTENSION.uri)?.id;
  if (options.lowLayer && ridId === undefined) throw new Error('the SFU did not accept the rid header extension');
  if (low) {
    // A PLI names the layer's SSRC; werift's sender only reports its own, so read them here.
    pc.dtlsTransports[0]!.onRtcp.subscribe((packet) => {
      if (!(packet instanceof RtcpPayloadSpecificFeedback) || !(packet.feedback instanceof PictureLossIndication)) return;
      if (packet.feedback.mediaSsrc === low.ssrc) low.wantKeyframe = true;
      else if (packet.feedback.mediaSsrc === full.ssrc) full.wantKeyframe = true;
      else return;
      if (packet.feedback.mediaSsrc === low.ssrc) counts.lowPlis += 1;
      else counts.plis += 1;
    });
  } else {
    video.sender.onPictureLossIndication.subscribe(() => {
      counts.plis += 1;
      full.wantKeyframe = true;
    });
  }
  const send = (layer: ClipSender, rid: string | undefined) => {
    for (const packet of layer.next()) {
      if (rid === undefined) {
        void video.sender.sendRtp(packet).catch(() => {});
        continue;
      }
      packet.header.extension = true;
      packet.header.extensions = [{ id: ridId!, payload: serializeSdesRTPStreamID(rid) }];
      void video.sender.dtlsTransport.sendRtp(packet.payload, packet.header).catch(() => {});
    }
  };
  let frames = 0;
  const startedAt = performance.now();
  const sendFrame = () => {
    if (!low || options.fullLayer !== false) send(full, low ? 'full' : undefined);
    if (low) send(low, 'low');
    counts.packets = full.packets;
    counts.keyframes = full.keyframes;
    counts.lowPackets = low?.packets ?? 0;
    counts.lowKeyframes = low?.keyframes ?? 0;
    frames += 1;
    timer = setTimeout(sendFrame, Math.max(0, startedAt + frames * frameMs - performance.now()));
  };
  let timer = setTimeout(sendFrame, 0);
  const audioTimer = audio ? startFakeAudio(audio, counts) : undefined;
  return {
    session,
    pc,
    counts,
    async close() {
      clearTimeout(timer);
      clearInterval(audioTimer);
      await pc.close();
    },
  };
}

interface ClipSender {
  readonly ssrc: number;
  wantKeyframe: boolean;
  packets: number;
  keyframes: number;
  /** The next frame's packets; a wanted keyframe makes it jump to the clip's next keyframe. */
  next(): RtpPacket[];
}

function clipSender(clip: IvfFile, padding: number, ssrc: number, payloadType: number): ClipSender {
  const packetizer = new Vp8Packetizer({ ssrc, payloadType });
  const ticks = frameDuration(clip);
  let position = 0;
  let timestamp = 1000;
  const sender: ClipSender = {
    ssrc,
    wantKeyframe: false,
    packets: 0,
    keyframes: 0,
    next() {
      if (sender.wantKeyframe) {
        sender.wantKeyframe = false;
        const next = clip.frames.findIndex((f, i) => i >= position && f.keyframe);
        position = next === -1 ? 0 : next;
      }
      const frame = clip.frames[position]!;
      if (frame.keyframe) sender.keyframes += 1;
      // Padding only benchmarks the SFU's packet rate: nobody decodes these frames.
      const data = padding > 1 ? Buffer.concat([frame.data, Buffer.alloc(Math.round(frame.data.length * (padding - 1)))]) : frame.data;
      const packets = packetizer.packetize(data, timestamp);
      sender.packets += packets.length;
      position = (position + 1) % clip.frames.length;
      timestamp = (timestamp + ticks) >>> 0;
      return packets;
    },
  };
  return sender;
}

function startFakeAudio(transceiver: RTCRtpTransceiver, counts: { audioPackets: number }): NodeJS.Timeout {
  let seq = 1;
  let ts = 0;
  return setInterval(() => {
    const header = new RtpHeader({ payloadType: transceiver.sender.codec?.payloadType ?? 111, sequenceNumber: seq, timestamp: ts, ssrc: transceiver.sender.ssrc, marker: false });
    seq = (seq + 1) & 0xffff;
    ts = (ts + 960) >>> 0;
    counts.audioPackets += 1;
    void transceiver.sender.sendRtp(new RtpPacket(header, Buffer.alloc(80, 0xf8))).catch(() => {});
  }, 20);
}

export interface ViewerRecord {
  /** Ms from sending the offer to the first video packet (always a keyframe start if all is well). */
  firstVideoMs?: number;
  firstAudioMs?: number;
  firstVideoIsKeyframeStart?: boolean;
  /** Ms from the offer to the first video packet that starts a keyframe (the first packet, or a later one). */
  firstKeyframeMs?: number;
  video: KindRecord;
  audio: KindRecord;
}

export interface KindRecord {
  packets: number;
  bytes: number;
  payloadTypes: Set<number>;
  /** Every sequence number received, in order of arrival (kept only when asked for). */
  sequence: number[];
  firstSeq?: number;
  /** Highest extended sequence number seen. */
  highestSeq?: number;
  outOfOrder: number;
}

export interface TestViewer {
  session: MediaSession;
  pc: RTCPeerConnection;
  record: ViewerRecord;
  /** Negotiated payload type → codec name, from the viewer's side. */
  codecs: Map<number, string>;
  startedAt: number;
  waitForVideo(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function emptyKind(): KindRecord {
  return { packets: 0, bytes: 0, payloadTypes: new Set(), sequence: [], outOfOrder: 0 };
}

/** A viewer asking for audio and video; `keepSequence` stores every sequence number (tests). */
export async function startTestViewer(
  server: Pick<MediaServer, 'play' | 'offerPlay' | 'answerPlay'>,
  streamId: string,
  options: { keepSequence?: boolean; connect?: boolean; address?: string } = {},
): Promise<TestViewer> {
  const pc = new RTCPeerConnection({ ...peerConfig(options.address), codecs: { video: [useVP8(), useH264()], audio: [useOPUS()] } });
  // A server that offers (Janus) brings its own m-lines.
  const serverOffers = Boolean(server.offerPlay && server.answerPlay);
  if (!serverOffers) {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
  }
  const record: ViewerRecord = { video: emptyKind(), audio: emptyKind() };
  const codecs = new Map<number, string>();
  let videoArrived: () => void = () => {};
  const videoPromise = new Promise<void>((resolve) => (videoArrived = resolve));
  let startedAt = 0;
  let session: MediaSession;
  try {
    if (serverOffers) {
      startedAt = performance.now();
      session = await server.offerPlay!(streamId);
      await pc.setRemoteDescription({ type: 'offer', sdp: session.answerSdp });
      await pc.setLocalDescription(await pc.createAnswer());
      if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
      await server.answerPlay!(session.sessionId, pc.localDescription!.sdp);
    } else {
      const offer = await offerWithCandidates(pc);
      startedAt = performance.now();
      session = await server.play(streamId, offer);
      await pc.setRemoteDescription({ type: 'answer', sdp: session.answerSdp });
    }
  } catch (error) {
    // A refused or failed negotiation must not leave the peer's sockets open (they keep a process alive).
    await pc.close().catch(() => {});
    throw error;
  }
  for (const transceiver of pc.getTransceivers()) {
    for (const codec of transceiver.codecs) codecs.set(codec.payloadType, codec.mimeType);
    const kind = transceiver.kind as 'audio' | 'video';
    for (const track of transceiver.receiver.tracks) {
      track.onReceiveRtp.subscribe((packet) => {
        const r = record[kind];
        const { sequenceNumber, payloadType } = packet.header;
        if (r.packets === 0) {
          const ms = performance.now() - startedAt;
          if (kind === 'video') {
            const name = videoCodecName(codecs.get(payloadType) ?? '');
            record.firstVideoMs = ms;
            record.firstVideoIsKeyframeStart = name !== undefined && isKeyframeStart(name, packet.payload);
            videoArrived();
          } else record.firstAudioMs = ms;
          r.firstSeq = sequenceNumber;
          r.highestSeq = sequenceNumber;
        } else {
          // Extend the 16-bit sequence number around the highest one seen.
          const high = r.highestSeq!;
          const delta = ((sequenceNumber - (high & 0xffff) + 0x8000) & 0xffff) - 0x8000;
          if (delta > 0) r.highestSeq = high + delta;
          else r.outOfOrder += 1;
        }
        if (kind === 'video' && record.firstKeyframeMs === undefined) {
          const name = videoCodecName(codecs.get(payloadType) ?? '');
          if (name !== undefined && isKeyframeStart(name, packet.payload)) record.firstKeyframeMs = performance.now() - startedAt;
        }
        r.packets += 1;
        r.bytes += packet.payload.length;
        r.payloadTypes.add(payloadType);
        if (options.keepSequence) r.sequence.push(sequenceNumber);
      });
    }
  }
  if (options.connect !== false) await connected(pc, 10_000);
  return {
    session,
    pc,
    record,
    codecs,
    startedAt,
    async waitForVideo(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        videoPromise,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no video within ${timeoutMs} ms`)), timeoutMs))),
      ]).finally(() => clearTimeout(timer));
    },
    async close() {
      await pc.close();
    },
  };
}
