// What JanusMedia keeps per show and per session (decision 034), and its options.
import type { JanodeHandle } from 'janode';
import type { MediaLogger } from '../types.js';
import type { DemoFeeder } from './demo-feeder.js';
import type { JanusRecording } from './janus-recording.js';
import type { JanusNode, MountpointPorts, VideoCodec } from './janus-node.js';
import type { PublisherLayers } from './simulcast.js';

export interface JanusMediaOptions {
  /** The nodes' WebSocket API addresses (JANUS_URL, comma-separated). Their hosts must reach each other over UDP. */
  urls: string[];
  /**
   * Each node's Admin API (JANUS_ADMIN_URL, in JANUS_URL's order) and its secret: placement then
   * counts every app instance's sessions on a node, and nodeStats reads load and loss from the nodes.
   */
  admin?: { urls: string[]; secret: string };
  /** Viewers a node takes for one show before the next viewer goes to another node; default 500. */
  viewersPerNode?: number;
  /** Publishers asked to record are forwarded here and written as WebM (VP8 + Opus). Unset: nothing is recorded. */
  recordingsDir?: string;
  /** The address the Janus nodes reach this app at, for the recordings' RTP; default 127.0.0.1. */
  recordingHost?: string;
  recordingIdleMs?: number;
  logger?: MediaLogger;
}

export interface Relay {
  node: JanusNode;
  ports: MountpointPorts;
}

export interface Show {
  id: string;
  publisher?: { sessionId: string; node: JanusNode; flowing: boolean; layers: PublisherLayers };
  /** The node holding the show's room (kept across a camera's reconnects). */
  roomNode?: JanusNode;
  relays: Map<JanusNode, Promise<Relay>>;
  /** Its viewers on each node: a node takes viewersPerNode of one show before the next goes elsewhere. */
  viewers: Map<JanusNode, number>;
  /** The codec its mountpoints play: the current camera's (VP8 until an H.264 camera comes). */
  codec: VideoCodec;
  demo?: DemoFeeder;
  recording?: Promise<JanusRecording>;
}

export interface Session {
  kind: 'whip' | 'whep';
  streamId: string;
  node: JanusNode;
  handle: JanodeHandle;
}

/** The codec of the answer's video m-line (its first payload type): what the camera will send. */
export function videoCodecOf(sdp: string): VideoCodec {
  const section = sdp.split(/\r?\nm=/).find((part) => /^video [1-9]/.test(part.replace(/^m=/, '')));
  const pt = section?.split(/\r?\n/)[0]?.split(' ')[3];
  const rtpmap = pt === undefined ? undefined : new RegExp(`a=rtpmap:${pt} ([A-Za-z0-9-]+)/`).exec(section!)?.[1];
  return rtpmap?.toUpperCase() === 'H264' ? 'h264' : 'vp8';
}
