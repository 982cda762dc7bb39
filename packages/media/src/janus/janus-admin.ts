// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- janode ships no types; every project compiling this file needs the shim
/// <reference path="./janode.d.ts" />
// A Janus node's Admin API (decision 052): what the node itself says it carries, whichever app
// instance placed it there. Two readings: a cheap census (sessions and handles, 1 + one request per
// app instance) that placement uses, and a walk of every handle's info (plugin, role, RTP and RTCP
// counters) that nodeStats uses, at the pace of a metrics scrape.
import Janode, { type JanodeConnection } from 'janode';

/** Every app instance's Janus session holds two handles of its own (the room and mountpoint controls). */
export const CONTROL_HANDLES_PER_SESSION = 2;

export interface Census {
  sessions: number;
  /** Viewers and publishers of every app instance: the handles less each session's control handles. */
  media: number;
}

/** Counters summed over a node's handles; packets and lost only grow, so nodeStats compares two walks. */
export interface Walk {
  viewers: number;
  publishers: number;
  /** Media packets received from publishers plus sent to viewers. */
  packets: number;
  /** Of those, lost: sequence gaps in what publishers sent, and what viewers reported lost (RTCP RR). */
  lost: number;
}

interface MediumInfo {
  rtcp?: Record<string, { lost?: number; 'lost-by-remote'?: number }>;
  stats?: { in?: { packets?: number } & Record<string, unknown>; out?: { packets?: number } };
}

interface HandleInfo {
  plugin?: string;
  plugin_specific?: { state?: string; type?: string };
  webrtc?: { media?: Record<string, MediumInfo> };
}

/** What one handle adds to a walk: a publisher's incoming media and a viewer's outgoing media. */
export function tally(info: HandleInfo, into: Walk) {
  const role =
    info.plugin === 'janus.plugin.videoroom' && info.plugin_specific?.type === 'publisher'
      ? 'publisher'
      : info.plugin === 'janus.plugin.streaming' && info.plugin_specific?.state === 'watching'
        ? 'viewer'
        : null;
  if (!role) return;
  if (role === 'publisher') into.publishers += 1;
  else into.viewers += 1;
  for (const medium of Object.values(info.webrtc?.media ?? {})) {
    for (const layer of Object.values(medium.rtcp ?? {})) into.lost += (role === 'publisher' ? layer.lost : layer['lost-by-remote']) ?? 0;
    if (role === 'viewer') {
      into.packets += medium.stats?.out?.packets ?? 0;
      continue;
    }
    const incoming = medium.stats?.in ?? {};
    into.packets += incoming.packets ?? 0;
    // A simulcast publisher's other layers are counted apart.
    for (const key of ['video-simulcast-1', 'video-simulcast-2']) into.packets += (incoming[key] as { packets?: number } | undefined)?.packets ?? 0;
  }
}

export class JanusAdmin {
  #connection: Promise<JanodeConnection> | null = null;

  constructor(
    readonly url: string,
    private readonly secret: string,
  ) {}

  #connect(): Promise<JanodeConnection> {
    this.#connection ??= (async () => {
      const connection = await Janode.connect({ is_admin: true, address: { url: this.url, apisecret: this.secret }, retry_time_secs: 1, max_retries: 1 });
      const lost = () => (this.#connection = null);
      connection.once(Janode.EVENT.CONNECTION_CLOSED, lost);
      connection.once(Janode.EVENT.CONNECTION_ERROR, lost);
      return connection;
    })().catch((error: unknown) => {
      this.#connection = null;
      throw error;
    });
    return this.#connection;
  }

  async #handles(): Promise<Array<[number, number[]]>> {
    const connection = await this.#connect();
    const { sessions = [] } = (await connection.listSessions()) as { sessions?: number[] };
    return Promise.all(
      sessions.map(async (session): Promise<[number, number[]]> => {
        // A session that went away between the two requests has no handles.
        const listed = (await connection.listHandles(session).catch(() => ({}))) as { handles?: number[] };
        return [session, listed.handles ?? []];
      }),
    );
  }

  async census(): Promise<Census> {
    const sessions = await this.#handles();
    const handles = sessions.reduce((n, [, list]) => n + list.length, 0);
    return { sessions: sessions.length, media: Math.max(0, handles - CONTROL_HANDLES_PER_SESSION * sessions.length) };
  }

  async walk(): Promise<Walk> {
    const connection = await this.#connect();
    const walk: Walk = { viewers: 0, publishers: 0, packets: 0, lost: 0 };
    for (const [session, handles] of await this.#handles()) {
      // A few at a time: a node with thousands of viewers is not asked everything at once.
      for (let i = 0; i < handles.length; i += 32) {
        const infos = await Promise.all(handles.slice(i, i + 32).map((handle) => connection.handleInfo(session, handle).catch(() => null)));
        for (const answer of infos) if (answer) tally((answer as { info?: HandleInfo }).info ?? {}, walk);
      }
    }
    return walk;
  }

  async close(): Promise<void> {
    const connection = this.#connection;
    this.#connection = null;
    await (await connection?.catch(() => null))?.close().catch(() => {});
  }
}
