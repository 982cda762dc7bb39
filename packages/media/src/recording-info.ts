// What a recording tells its worker: its file, when it started and ended, and the hooks it calls.

export interface RecordingInfo {
  streamId: string;
  /** Relative to the recordings directory. */
  fileName: string;
  /** When the file's first frame was captured (epoch ms): second 0 of the replay. */
  startedAt: number;
}

export interface RecordingResult extends RecordingInfo {
  /** When the file's last frame was captured (epoch ms): startedAt + durationMs. */
  endedAt: number;
  durationMs: number;
  bytes: number;
}

export interface RecorderHooks {
  started(info: RecordingInfo): void;
  /** Nobody published for RECORDING_IDLE_MS: the worker finishes the recording. */
  idle(): void;
  log(level: 'info' | 'warn' | 'error', obj: object, msg: string): void;
}
