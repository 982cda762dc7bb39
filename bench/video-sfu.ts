// The video bench's SFU (bench/video.ts): it runs in a child process — this file, forked with
// BENCH_VIDEO_SERVER=1 — so its CPU, memory and main-thread event-loop delay are measured apart from
// the load generator. RemoteSfu is the load generator's side of that process.
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createMediaServer, type MediaServer, type MediaSession, type ViewerDelivery } from '@live-market/media';

export interface Usage {
  cpuMicros: number;
  /** CPU ticks (1/100 s) per OS thread: shows whether one SFU worker thread is saturated. */
  threadTicks: Record<string, number>;
  wallMs: number;
  rssBytes: number;
  eventLoopP99Ms: number;
  stats: ReturnType<MediaServer['stats']>;
}

type RequestBody =
  | { method: 'publish' | 'play'; streamId: string; sdp: string; record?: boolean }
  | { method: 'end'; streamId: string }
  | { method: 'delivery'; sessionId: string; delivery: ViewerDelivery }
  | { method: 'demo'; streamId: string }
  | { method: 'usage' | 'close' };
type Request = RequestBody & { id: number };
type Reply = { id: number; result?: MediaSession | Usage | null; error?: string };

function threadTicks(): Record<string, number> {
  const ticks: Record<string, number> = {};
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks[tid] = Number(fields[11]) + Number(fields[12]);
    } catch {
      // the thread ended
    }
  }
  return ticks;
}

async function serveChild(): Promise<void> {
  // BENCH_RECORDINGS_DIR: the recording bench's files (publishers asked to record write there).
  const server = await createMediaServer({ workers: 2, announcedAddress: '127.0.0.1', recordingsDir: process.env.BENCH_RECORDINGS_DIR || undefined });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const answer = (reply: Reply) => process.send!(reply);
  process.on('message', async (request: Request) => {
    try {
      switch (request.method) {
        case 'publish':
          return answer({ id: request.id, result: await server.publish(request.streamId, request.sdp, { record: request.record }) });
        case 'end':
          await server.endStream(request.streamId);
          return answer({ id: request.id, result: null });
        case 'play':
          return answer({ id: request.id, result: await server.play(request.streamId, request.sdp) });
        case 'delivery':
          await server.setViewerDelivery(request.sessionId, request.delivery);
          return answer({ id: request.id, result: null });
        case 'demo':
          await server.startDemoSource(request.streamId);
          return answer({ id: request.id, result: null });
        case 'usage': {
          const cpu = process.cpuUsage();
          const usage: Usage = { cpuMicros: cpu.user + cpu.system, threadTicks: threadTicks(), wallMs: performance.now(), rssBytes: process.memoryUsage().rss, eventLoopP99Ms: delay.percentile(99) / 1e6, stats: server.stats() };
          delay.reset();
          return answer({ id: request.id, result: usage });
        }
        case 'close':
          await server.close();
          answer({ id: request.id, result: null });
          process.disconnect();
          return;
      }
    } catch (error) {
      answer({ id: request.id, error: (error as Error).message });
    }
  });
  process.send!({ id: 0, result: null } satisfies Reply);
}

if (process.env.BENCH_VIDEO_SERVER === '1') await serveChild();

/** The load generator's handle on the SFU child process: one request, one reply, by id. */
export class RemoteSfu {
  #nextId = 1;
  readonly #pending = new Map<number, (reply: Reply) => void>();
  private constructor(readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => {
      this.#pending.get(reply.id)?.(reply);
      this.#pending.delete(reply.id);
    });
  }

  static async start(env: Record<string, string> = {}): Promise<RemoteSfu> {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, BENCH_VIDEO_SERVER: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const remote = new RemoteSfu(child);
    await new Promise<void>((resolve, reject) => {
      remote.#pending.set(0, () => resolve());
      child.once('exit', (code) => reject(new Error(`SFU process exited with ${code}`)));
    });
    return remote;
  }

  #call<T>(request: RequestBody): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, (reply) => (reply.error ? reject(new Error(reply.error)) : resolve(reply.result as T)));
      this.child.send({ ...request, id } satisfies Request);
    });
  }

  publish = (streamId: string, sdp: string) => this.#call<MediaSession>({ method: 'publish', streamId, sdp });
  /** A publisher whose show is recorded (the child needs BENCH_RECORDINGS_DIR). */
  publishRecorded = (streamId: string, sdp: string) => this.#call<MediaSession>({ method: 'publish', streamId, sdp, record: true });
  /** Ends the show: its sessions close and its recording is finished. */
  end = (streamId: string) => this.#call<null>({ method: 'end', streamId });
  play = (streamId: string, sdp: string) => this.#call<MediaSession>({ method: 'play', streamId, sdp });
  usage = () => this.#call<Usage>({ method: 'usage' });
  delivery = (sessionId: string, delivery: ViewerDelivery) => this.#call<null>({ method: 'delivery', sessionId, delivery });
  demo = (streamId: string) => this.#call<null>({ method: 'demo', streamId });
  close = async () => {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.#call({ method: 'close' }).catch(() => {});
    await exited;
  };
}
