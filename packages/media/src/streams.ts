// The router's bookkeeping: sessions, each stream's current publisher, and how many viewers of a
// stream each worker holds (a worker with viewers gets a copy of the stream's packets).
import type { SourceMedia } from './protocol.js';

export interface Session {
  id: string;
  streamId: string;
  worker: number;
  role: 'publisher' | 'viewer';
  demo: boolean;
}

export interface StreamState {
  id: string;
  sessions: Map<string, Session>;
  /** The publisher whose packets viewers get; a new one is only current once negotiated. */
  publisher?: Session & { media: SourceMedia };
  /** worker index → viewers of this stream on it (only positive counts are kept). */
  viewerWorkers: Map<number, number>;
}

export interface Removal {
  publisherRemoved: boolean;
  viewerWorkersChanged: boolean;
}

export class Streams {
  readonly #streams = new Map<string, StreamState>();
  readonly #sessions = new Map<string, Session>();

  get(streamId: string): StreamState | undefined {
    return this.#streams.get(streamId);
  }

  session(sessionId: string): Session | undefined {
    return this.#sessions.get(sessionId);
  }

  add(session: Session): Session {
    let stream = this.#streams.get(session.streamId);
    if (!stream) {
      stream = { id: session.streamId, sessions: new Map(), viewerWorkers: new Map() };
      this.#streams.set(session.streamId, stream);
    }
    stream.sessions.set(session.id, session);
    this.#sessions.set(session.id, session);
    if (session.role === 'viewer') stream.viewerWorkers.set(session.worker, (stream.viewerWorkers.get(session.worker) ?? 0) + 1);
    return session;
  }

  /** Makes a negotiated publisher current and returns the one it replaces. */
  setPublisher(session: Session, media: SourceMedia): Session | undefined {
    const stream = this.#streams.get(session.streamId);
    if (!stream) return undefined;
    const previous = stream.publisher;
    stream.publisher = { ...session, media };
    return previous;
  }

  /** Forgets a session; undefined when it was already gone. */
  remove(session: Session): Removal | undefined {
    if (!this.#sessions.delete(session.id)) return undefined;
    const stream = this.#streams.get(session.streamId);
    if (!stream) return { publisherRemoved: false, viewerWorkersChanged: false };
    stream.sessions.delete(session.id);
    const publisherRemoved = stream.publisher?.id === session.id;
    if (publisherRemoved) stream.publisher = undefined;
    let viewerWorkersChanged = false;
    if (session.role === 'viewer') {
      const count = (stream.viewerWorkers.get(session.worker) ?? 1) - 1;
      if (count > 0) stream.viewerWorkers.set(session.worker, count);
      else {
        stream.viewerWorkers.delete(session.worker);
        viewerWorkersChanged = true;
      }
    }
    if (stream.sessions.size === 0) this.#streams.delete(stream.id);
    return { publisherRemoved, viewerWorkersChanged };
  }

  sessionsOn(worker: number): Session[] {
    return [...this.#sessions.values()].filter((session) => session.worker === worker);
  }

  totals(): { streams: number; publishers: number; viewers: number } {
    let publishers = 0;
    let viewers = 0;
    for (const stream of this.#streams.values()) {
      if (stream.publisher) publishers += 1;
      for (const count of stream.viewerWorkers.values()) viewers += count;
    }
    return { streams: this.#streams.size, publishers, viewers };
  }

  clear(): void {
    this.#streams.clear();
    this.#sessions.clear();
  }
}
