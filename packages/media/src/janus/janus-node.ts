// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- janode ships no types; every project compiling this file needs the shim
/// <reference path="./janode.d.ts" />
// One Janus node (decision 034): a WebSocket connection and a Janus session, opened when first
// needed and again after the node was lost. Rooms and mountpoints are made through two control handles.
import Janode, { type JanodeConnection, type JanodeHandle, type JanodeSession } from 'janode';
import StreamingPlugin from 'janode/plugins/streaming';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import { MediaError } from '../errors.js';
import type { MediaLogger, MediaNodeStats } from '../types.js';
import { type Census, JanusAdmin, type Walk } from './janus-admin.js';

Janode.Logger.setLevel('none');

/** Payload types of the streams forwarded between nodes and offered to viewers. */
export const VIDEO_PT = 96;
export const AUDIO_PT = 111;

export type Plugin = typeof VideoRoomPlugin | typeof StreamingPlugin;

/** A show's video codec: browsers publish VP8, OBS and Larix H.264. */
export type VideoCodec = 'vp8' | 'h264';

/** The ports one node's mountpoint for a show listens on: video substream 0, and 1 and 2 when simulcast. */
export interface MountpointPorts {
  audioPort: number;
  videoPort: number;
  videoPort2?: number;
  videoPort3?: number;
  videoRtcpPort: number;
}

interface Connected {
  connection: JanodeConnection;
  session: JanodeSession;
  rooms: JanodeHandle;
  mountpoints: JanodeHandle;
}

/** The Janus error code at the start of janode's message ("427 Room already exists"). */
export function janusCode(error: unknown): number | null {
  const match = /^(\d{3}) /.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : null;
}

/** A node that failed is left out of new choices for this long, then tried again. */
export const NODE_RETRY_MS = 5000;

/** A census older than this is taken again before the next placement. */
export const CENSUS_MAX_AGE_MS = 1000;

export class JanusNode {
  /** Sessions this app has placed here (publishers and viewers). */
  load = 0;
  readonly #admin: JanusAdmin | null;
  /** The other instances' sessions here at the last census (all of them, less ours then). */
  #others = 0;
  #census: { at: number; taking: Promise<void> | null } = { at: 0, taking: null };
  #lastWalk: Walk | null = null;
  /** When the node was last found unreachable or lost; it is tried again NODE_RETRY_MS later. */
  #downSince: number | null = null;
  readonly host: string;
  #connected: Promise<Connected> | null = null;
  readonly #lostListeners: Array<() => void> = [];

  constructor(
    readonly index: number,
    readonly url: string,
    private readonly log: MediaLogger,
    admin?: { url: string; secret: string },
  ) {
    this.host = new URL(url).hostname;
    this.#admin = admin ? new JanusAdmin(admin.url, admin.secret) : null;
  }

  /** host:port of its API: a bounded metric label. */
  get id(): string {
    return new URL(this.url).host;
  }

  /** Sessions on the node from every app instance (ours counted at once, the others' at the last census). */
  get placed(): number {
    return this.load + this.#others;
  }

  /**
   * Takes a census through the Admin API when the last is older than CENSUS_MAX_AGE_MS; callers at
   * the same time share it. Without an Admin API (or when it fails) only our own sessions count.
   */
  refreshLoad(): Promise<void> {
    const admin = this.#admin;
    if (!admin || Date.now() - this.#census.at < CENSUS_MAX_AGE_MS) return Promise.resolve();
    this.#census.taking ??= (async () => {
      const oursBefore = this.load;
      try {
        const census: Census = await admin.census();
        this.#others = Math.max(0, census.media - oursBefore);
      } catch (error) {
        this.log.warn({ err: error, janus: admin.url }, 'could not read the load of a Janus node');
      } finally {
        this.#census = { at: Date.now(), taking: null };
      }
    })();
    return this.#census.taking;
  }

  /**
   * Its load and loss as the node reports them, loss since the last call. Without an Admin API: our
   * own sessions there (`ours`), and no loss figure (0).
   */
  async stats(ours: { viewers: number; publishers: number }): Promise<MediaNodeStats> {
    if (!this.#admin) return { node: this.id, up: this.available, ...ours, packetLossRatio: 0 };
    try {
      const walk = await this.#admin.walk();
      const before = this.#lastWalk;
      this.#lastWalk = walk;
      // Counters restart with the handles: a handle that left takes its counts along, so a drop is a new start.
      const packets = before && walk.packets >= before.packets ? walk.packets - before.packets : walk.packets;
      const lost = before && walk.lost >= before.lost ? walk.lost - before.lost : walk.lost;
      return { node: this.id, up: true, viewers: walk.viewers, publishers: walk.publishers, packetLossRatio: packets + lost > 0 ? Math.min(1, Math.max(0, lost) / (packets + lost)) : 0 };
    } catch {
      return { node: this.id, up: false, viewers: 0, publishers: 0, packetLossRatio: 0 };
    }
  }

  /** Not known to be down (or down long enough ago to be worth another try). */
  get available(): boolean {
    return this.#downSince === null || Date.now() - this.#downSince >= NODE_RETRY_MS;
  }

  /** Called when the connection to the node drops: every session on it is gone. */
  onLost(listener: () => void) {
    this.#lostListeners.push(listener);
  }

  #connect(): Promise<Connected> {
    this.#connected ??= (async () => {
      const connection = await Janode.connect({ address: { url: this.url }, retry_time_secs: 1, max_retries: 1 });
      const lost = () => {
        if (!this.#connected) return;
        this.#connected = null;
        this.#downSince = Date.now();
        this.load = 0;
        this.log.warn({ janus: this.url }, 'lost the connection to a Janus node');
        for (const listener of this.#lostListeners) listener();
      };
      connection.once(Janode.EVENT.CONNECTION_CLOSED, lost);
      connection.once(Janode.EVENT.CONNECTION_ERROR, lost);
      const session = await connection.create(25);
      session.once(Janode.EVENT.SESSION_DESTROYED, lost);
      const rooms = await session.attach(VideoRoomPlugin);
      const mountpoints = await session.attach(StreamingPlugin);
      this.#downSince = null;
      return { connection, session, rooms, mountpoints };
    })().catch((error: unknown) => {
      this.#connected = null;
      this.#downSince = Date.now();
      this.log.warn({ err: error, janus: this.url }, 'cannot reach a Janus node');
      throw new MediaError('The video server is not reachable; try again shortly', 503);
    });
    return this.#connected;
  }

  async attach<H extends JanodeHandle>(plugin: Plugin): Promise<H> {
    const { session } = await this.#connect();
    return session.attach<H>(plugin);
  }

  /** A VideoRoom room for one show's publisher; an existing room is fine. */
  async ensureRoom(room: string): Promise<void> {
    const { rooms } = await this.#connect();
    try {
      // VP8 first: a browser offering both gets VP8; OBS and Larix offer only H.264.
      await rooms.message({ request: 'create', room, publishers: 1, audiocodec: 'opus', videocodec: 'vp8,h264', fir_freq: 2, notify_joining: false, is_private: true });
    } catch (error) {
      if (janusCode(error) !== 427) throw error;
    }
  }

  async destroyRoom(room: string): Promise<void> {
    const { rooms } = await this.#connect();
    await rooms.message({ request: 'destroy', room }).catch(() => {});
  }

  /**
   * Sends the publisher's audio and video to another node's mountpoint (PLI comes back on
   * videoRtcpPort); each simulcast substream to its own port, as the mountpoint takes them.
   */
  async forward(room: string, feed: string, host: string, ports: MountpointPorts): Promise<void> {
    const { rooms } = await this.#connect();
    await rooms.message({
      request: 'rtp_forward',
      room,
      publisher_id: feed,
      host,
      audio_port: ports.audioPort,
      audio_pt: AUDIO_PT,
      video_port: ports.videoPort,
      video_pt: VIDEO_PT,
      ...(ports.videoPort2 ? { video_port_2: ports.videoPort2, video_pt_2: VIDEO_PT } : {}),
      ...(ports.videoPort3 ? { video_port_3: ports.videoPort3, video_pt_3: VIDEO_PT } : {}),
      video_rtcp_port: ports.videoRtcpPort,
    });
  }

  /**
   * A Streaming mountpoint that plays one show to this node's viewers: plain RTP in on ports Janus
   * picks, the latest keyframe kept for viewers who join (bufferkf), three video ports for a
   * simulcast camera's substreams (one is used without simulcast; each viewer gets the substream it
   * asks for, the best that flows by default). An old one of the same id goes.
   */
  async createMountpoint(id: string, codec: VideoCodec): Promise<MountpointPorts> {
    const { mountpoints } = await this.#connect();
    await mountpoints.message({ request: 'destroy', id }).catch(() => {});
    const created = (await mountpoints.message({
      request: 'create',
      type: 'rtp',
      id,
      is_private: true,
      media: [
        codec === 'h264'
          ? { type: 'video', mid: 'v', port: 0, rtcpport: 0, pt: VIDEO_PT, codec, fmtp: 'profile-level-id=42e01f;packetization-mode=1', bufferkf: true, simulcast: true }
          : { type: 'video', mid: 'v', port: 0, rtcpport: 0, pt: VIDEO_PT, codec, bufferkf: true, simulcast: true },
        { type: 'audio', mid: 'a', port: 0, pt: AUDIO_PT, codec: 'opus', fmtp: 'minptime=10;useinbandfec=1' },
      ],
    })) as { plugindata?: { data?: { stream?: { ports?: Array<{ type: string; port: number; rtcp_port?: number; port_2?: number; port_3?: number }> } } } };
    const ports = created.plugindata?.data?.stream?.ports ?? [];
    const video = ports.find((p) => p.type === 'video');
    const audio = ports.find((p) => p.type === 'audio');
    if (!video?.rtcp_port || !audio) throw new MediaError('The video server did not open its ports', 503);
    return { audioPort: audio.port, videoPort: video.port, videoPort2: video.port_2, videoPort3: video.port_3, videoRtcpPort: video.rtcp_port };
  }

  async destroyMountpoint(id: string): Promise<void> {
    const { mountpoints } = await this.#connect();
    await mountpoints.message({ request: 'destroy', id }).catch(() => {});
  }

  async close(): Promise<void> {
    await this.#admin?.close();
    const connected = this.#connected;
    this.#connected = null;
    if (!connected) return;
    const { connection } = await connected.catch(() => ({ connection: null }));
    await connection?.close().catch(() => {});
  }
}
