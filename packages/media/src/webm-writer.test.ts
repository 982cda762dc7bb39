import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_BYTES, WebmWriter } from './webm-writer.js';

describe('the WebM writer', () => {
  it('refuses frames once the disk is more than MAX_PENDING_BYTES behind, so memory stays bounded', () => {
    // A disk that never finishes a write.
    const stuck = { write: () => new Promise(() => {}), close: async () => {} } as unknown as FileHandle;
    const writer = new WebmWriter(stuck, [{ kind: 'audio', codec: 'OPUS' }]);
    const frame = Buffer.alloc(256 * 1024);
    let accepted = 0;
    for (let i = 0; i < 200; i += 1) if (writer.addFrame(1, i * 20, false, frame)) accepted += 1;
    expect(accepted * frame.length).toBeLessThanOrEqual(MAX_PENDING_BYTES + frame.length);
    expect(accepted).toBeGreaterThan(MAX_PENDING_BYTES / frame.length - 2);
  });
});
