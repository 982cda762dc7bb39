// A show's replay on Janus (decision 034): the room's node forwards the camera's RTP to UDP sockets of
// this app, where the embedded SFU's own recorder writes the WebM file. Keyframes are asked for with
// an RTCP PLI to the forwarder's RTCP socket, which Janus passes on to the camera.
import dgram from 'node:dgram';
import { RtpPacket } from 'werift';
import { type Layer, LAYER_FULL, LAYER_LOW, type SourceMedia } from '../protocol.js';
import { StreamRecorder } from '../recorder.js';
import type { MediaLogger, RecordingEvent } from '../types.js';
import type { MountpointPorts, VideoCodec } from './janus-node.js';
import type { PublisherLayers } from './simulcast.js';

export interface RecordingTapOptions {
  dir: string;
  /** The address Janus nodes reach this app at (JANUS_RECORDING_HOST). */
  host: string;
  idleMs?: number;
  log: MediaLogger;
  emit: (event: RecordingEvent) => void;
}

function bound(host: string): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => resolve(socket));
  });
}

function sourceMedia(codec: VideoCodec): SourceMedia {
  return { audio: { mimeType: 'audio/opus', clockRate: 48_000 }, video: { mimeType: codec === 'vp8' ? 'video/VP8' : 'video/H264', clockRate: 90_000 } };
}

export class JanusRecording {
  #recorder: StreamRecorder | undefined;
  #sessionId: string | undefined;
  #layers: PublisherLayers = { ridOrder: 'lmh', full: 0, low: null };
  /** Where Janus's RTCP socket for the video forwarder is: it latches with two empty packets. */
  #janusRtcp: { address: string; port: number } | undefined;
  #finished = false;

  private constructor(
    readonly streamId: string,
    private readonly options: RecordingTapOptions,
    private readonly audio: dgram.Socket,
    /** One socket per video substream: the full layer is written, a smaller one while it is silent. */
    private readonly video: dgram.Socket[],
    private readonly rtcp: dgram.Socket,
  ) {
    const take = (kind: 'audio' | 'video', substream = 0) => (message: Buffer) => {
      const layer = kind === 'audio' ? LAYER_FULL : this.#layerOf(substream);
      if (!this.#sessionId || message.length < 12 || layer === null) return;
      try {
        this.#recorder?.push(this.#sessionId, kind, RtpPacket.deSerialize(message), layer);
      } catch {
        // not RTP
      }
    };
    audio.on('message', take('audio'));
    video.forEach((socket, substream) => socket.on('message', take('video', substream)));
    rtcp.on('message', (_message, from) => (this.#janusRtcp = { address: from.address, port: from.port }));
    for (const socket of [audio, ...video, rtcp]) socket.on('error', (err) => options.log.warn({ err, streamId }, 'a recording socket failed'));
  }

  #layerOf(substream: number): Layer | null {
    if (substream === this.#layers.full) return LAYER_FULL;
    return substream === this.#layers.low ? LAYER_LOW : null;
  }

  static async open(streamId: string, options: RecordingTapOptions): Promise<JanusRecording> {
    const [audio, rtcp, ...video] = await Promise.all([0, 1, 2, 3, 4].map(() => bound(options.host)));
    return new JanusRecording(streamId, options, audio!, video, rtcp!);
  }

  get ports(): MountpointPorts {
    const [v0, v1, v2] = this.video.map((socket) => socket.address().port);
    return { audioPort: this.audio.address().port, videoPort: v0!, videoPort2: v1, videoPort3: v2, videoRtcpPort: this.rtcp.address().port };
  }

  /** The show's (new) camera: recorded from its next keyframe, in the open file when its tracks fit. */
  attach(sessionId: string, codec: VideoCodec, layers: PublisherLayers = { ridOrder: 'lmh', full: 0, low: null }) {
    this.#layers = layers;
    if (this.#finished) return;
    const media = sourceMedia(codec);
    if (this.#recorder && !this.#recorder.accepts(media)) void this.#finishFile(this.#recorder);
    if (!this.#recorder) {
      const recorder: StreamRecorder = new StreamRecorder(
        this.streamId,
        this.options.dir,
        media,
        {
          started: (info) => this.options.emit({ type: 'started', streamId: info.streamId, fileName: info.fileName, startedAt: new Date(info.startedAt) }),
          idle: () => void this.#finishFile(recorder),
          log: (level, obj, msg) => this.options.log[level](obj, msg),
        },
        this.options.idleMs,
      );
      this.#recorder = recorder;
    }
    this.#sessionId = sessionId;
    this.#recorder.attach(sessionId, media, () => this.#askKeyframe());
  }

  detach(sessionId: string) {
    if (sessionId !== this.#sessionId) return;
    this.#recorder?.detach(sessionId);
    this.#sessionId = undefined;
  }

  #askKeyframe() {
    const to = this.#janusRtcp;
    if (!to) return;
    // RTCP PSFB, FMT 1 (PLI): Janus asks the camera for a keyframe.
    const pli = Buffer.from([0x81, 206, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0]);
    this.rtcp.send(pli, to.port, to.address);
  }

  async #finishFile(recorder: StreamRecorder) {
    if (this.#recorder === recorder) this.#recorder = undefined;
    try {
      const result = await recorder.finish();
      if (!result) return;
      const { streamId, fileName, startedAt, endedAt, durationMs, bytes } = result;
      this.options.emit({ type: 'finished', streamId, fileName, startedAt: new Date(startedAt), endedAt: new Date(endedAt), durationSeconds: durationMs / 1000, bytes });
    } catch (error) {
      this.options.log.error({ err: error, streamId: this.streamId }, 'a recording could not be finished');
      this.options.emit({ type: 'failed', streamId: this.streamId, fileName: recorder.fileName, message: String(error) });
    }
  }

  /** The show ended: the file is finished and the sockets closed. */
  async finish() {
    this.#finished = true;
    this.#sessionId = undefined;
    if (this.#recorder) await this.#finishFile(this.#recorder);
    for (const socket of [this.audio, ...this.video, this.rtcp]) socket.close();
  }
}
