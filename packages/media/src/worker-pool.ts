// The SFU's worker threads as the main thread sees them: starting one, sending it a command and
// waiting for its reply (with a timeout), and failing what it still owed when it exits.
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { MediaError } from './errors.js';
import type { Command, CommandResult, FromWorker, Notice, ToWorker, WorkerData } from './protocol.js';

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);
const WORKER_READY_TIMEOUT_MS = 30_000;
export const COMMAND_TIMEOUT_MS = 20_000;

interface Pending {
  resolve: (result: CommandResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface WorkerHandle {
  index: number;
  thread: Worker;
  alive: boolean;
  viewers: number;
  publishers: number;
  pending: Map<number, Pending>;
}

export interface WorkerEvents {
  /** Everything but `ready` and command replies. */
  message(handle: WorkerHandle, message: Exclude<FromWorker, { type: 'ready' | 'reply' }>): void;
  exit(handle: WorkerHandle, code: number): void;
  crashed(index: number, error: Error): void;
}

/** A full mesh of MessageChannels, so workers exchange RTP without the main thread: ports[i][j] talks to j. */
export function meshPorts(count: number): (MessagePort | undefined)[][] {
  const ports: (MessagePort | undefined)[][] = Array.from({ length: count }, () => Array<MessagePort | undefined>(count));
  for (let i = 0; i < count; i += 1) {
    for (let j = i + 1; j < count; j += 1) {
      const channel = new MessageChannel();
      ports[i]![j] = channel.port1;
      ports[j]![i] = channel.port2;
    }
  }
  return ports;
}

/** Starts a worker; `ready` settles when it reports ready (or fails to start). */
export function spawnWorker(index: number, data: WorkerData, events: WorkerEvents): { handle: WorkerHandle; ready: Promise<void> } {
  const transferList = data.ports.filter((port): port is MessagePort => port !== undefined);
  const thread = new Worker(WORKER_URL, { workerData: data, transferList, name: `media-${index}` });
  const handle: WorkerHandle = { index, thread, alive: true, viewers: 0, publishers: 0, pending: new Map() };
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Media worker ${index} did not start`)), WORKER_READY_TIMEOUT_MS);
    thread.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (message.type === 'reply') settleReply(handle, message);
      else events.message(handle, message);
    });
    thread.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
      events.crashed(index, error);
    });
    thread.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Media worker ${index} exited with code ${code}`));
      handle.alive = false;
      failPending(handle);
      events.exit(handle, code);
    });
  });
  return { handle, ready };
}

function settleReply(handle: WorkerHandle, message: Extract<FromWorker, { type: 'reply' }>): void {
  const pending = handle.pending.get(message.id);
  if (!pending) return;
  handle.pending.delete(message.id);
  clearTimeout(pending.timer);
  if (message.ok) pending.resolve(message.result);
  else pending.reject(new MediaError(message.message, message.status));
}

function failPending(handle: WorkerHandle): void {
  for (const pending of handle.pending.values()) {
    clearTimeout(pending.timer);
    pending.reject(new MediaError('The media worker stopped', 503));
  }
  handle.pending.clear();
}

let nextId = 1;

/** Sends a command and waits for the worker's reply; a dead or silent worker answers 503. */
/** `count` workers, each connected to every other by a MessagePort; ready once all are. */
export function spawnWorkers(count: number, data: Omit<WorkerData, 'index' | 'ports'>, events: WorkerEvents): { handles: WorkerHandle[]; ready: Promise<void> } {
  const spawned = meshPorts(count).map((ports, index) => spawnWorker(index, { ...data, index, ports }, events));
  return { handles: spawned.map((s) => s.handle), ready: Promise.all(spawned.map((s) => s.ready)).then(() => {}) };
}

/** The preferred worker when alive, else the live one with the fewest sessions (a viewer: below maxViewers). */
export function leastLoadedWorker(workers: WorkerHandle[], o: { forViewer: boolean; maxViewers: number; preferred?: number }): WorkerHandle | undefined {
  const chosen = o.preferred === undefined ? undefined : workers[o.preferred];
  if (chosen?.alive) return chosen;
  let best: WorkerHandle | undefined;
  for (const handle of workers) {
    if (!handle.alive || (o.forViewer && handle.viewers >= o.maxViewers)) continue;
    if (!best || handle.viewers + handle.publishers < best.viewers + best.publishers) best = handle;
  }
  return best;
}

const CLOSE_TIMEOUT_MS = 5_000;

/** Asks each worker to close its peers (for up to 5 s), then terminates its thread. */
export async function closeWorkers(handles: WorkerHandle[]): Promise<void> {
  await Promise.all(
    handles.map(async (handle) => {
      await callWorker(handle, { type: 'close' }, CLOSE_TIMEOUT_MS).catch(() => {});
      await handle.thread.terminate();
      handle.viewers = 0;
      handle.publishers = 0;
    }),
  );
}

/** A notice for a worker, dropped when it is gone. */
export function notifyWorker(handle: WorkerHandle | undefined, notice: Notice): void {
  if (handle?.alive) handle.thread.postMessage({ type: 'notice', notice } satisfies ToWorker);
}

export function callWorker(handle: WorkerHandle, command: Command, timeoutMs = COMMAND_TIMEOUT_MS): Promise<CommandResult> {
  if (!handle.alive) return Promise.reject(new MediaError('The media worker stopped', 503));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      handle.pending.delete(id);
      reject(new MediaError(`The media worker did not answer ${command.type} in time`, 503));
    }, timeoutMs);
    handle.pending.set(id, { resolve, reject, timer });
    handle.thread.postMessage({ type: 'command', id, command } satisfies ToWorker);
  });
}
