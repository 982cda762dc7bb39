// The parts of janode (Meetecho's Janus client, plain JavaScript) that JanusMedia uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
    /** A simulcast offer's rids: lowest first (lmh) or highest first (hml, Janus's default). */
    rid_order?: 'lmh' | 'hml';
  }

  export interface JanodeHandle extends EventEmitter {
    id: number;
    message(body: object, jsep?: Jsep): Promise<unknown>;
    detach(): Promise<void>;
    hangup(): Promise<void>;
  }

  export interface JanodeSession extends EventEmitter {
    attach<H extends JanodeHandle>(plugin: { id: string; Handle: unknown }): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface JanodeConnection extends EventEmitter {
    create(keepaliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
    /** Admin API (a connection made with is_admin). */
    listSessions(): Promise<unknown>;
    listHandles(sessionId: number): Promise<unknown>;
    handleInfo(sessionId: number, handleId: number): Promise<unknown>;
  }

  const Janode: {
    connect(config: { address: { url: string; apisecret?: string }; is_admin?: boolean; retry_time_secs?: number; max_retries?: number }): Promise<JanodeConnection>;
    EVENT: Record<
      'CONNECTION_CLOSED' | 'CONNECTION_ERROR' | 'SESSION_DESTROYED' | 'HANDLE_DETACHED' | 'HANDLE_HANGUP' | 'HANDLE_ICE_FAILED' | 'HANDLE_MEDIA' | 'HANDLE_WEBRTCUP',
      string
    >;
    Logger: { setLevel(level: 'debug' | 'verb' | 'info' | 'warn' | 'error' | 'none'): string };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface VideoRoomHandle extends JanodeHandle {
    joinConfigurePublisher(params: { room: string; feed: string; display?: string; jsep: Jsep }): Promise<{ jsep?: Jsep; feed: string }>;
  }
  const VideoRoomPlugin: { id: string; Handle: unknown; EVENT: Record<string, string> };
  export default VideoRoomPlugin;
}

declare module 'janode/plugins/streaming' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface StreamingHandle extends JanodeHandle {
    watch(params: { id: string }): Promise<{ status: string; jsep?: Jsep }>;
    start(params: { jsep: Jsep }): Promise<{ status: string }>;
    configure(params: { audio?: boolean; video?: boolean; substream?: number }): Promise<unknown>;
  }
  const StreamingPlugin: { id: string; Handle: unknown; EVENT: Record<string, string> };
  export default StreamingPlugin;
}
