// Makes packages/media/assets/demo-low.ivf, the demo clip's data-saver layer: the same frames at
// half the width and height, VP8 at ~150 kbps, keyframes where the full clip has them (so the
// two layers loop in step). There is no ffmpeg here, so Chromium's WebCodecs decodes and encodes.
// Run once: node scripts/make-demo-low-clip.mjs
/* global VideoEncoder, VideoDecoder, VideoFrame, OffscreenCanvas, EncodedVideoChunk -- run inside Chromium */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright';

const SOURCE = new URL('../packages/media/assets/demo.ivf', import.meta.url);
const TARGET = new URL('../packages/media/assets/demo-low.ivf', import.meta.url);
const BITRATE = 150_000;

const input = readFileSync(SOURCE);
const width = input.readUInt16LE(12);
const height = input.readUInt16LE(14);
const rate = input.readUInt32LE(16);
const scale = input.readUInt32LE(20);
const frames = [];
for (let offset = input.readUInt16LE(6); offset + 12 <= input.length; ) {
  const size = input.readUInt32LE(offset);
  const data = input.subarray(offset + 12, offset + 12 + size);
  frames.push({ data: data.toString('base64'), keyframe: (data[0] & 1) === 0 });
  offset += 12 + size;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  // WebCodecs needs a secure context: a made-up https page answered here, never fetched.
  await page.route('https://clip.invalid/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto('https://clip.invalid/');
  const encoded = await page.evaluate(
    async ({ frames, width, height, fps, bitrate }) => {
      const out = [];
      let failure = null;
      const encoder = new VideoEncoder({
        output: (chunk) => {
          const bytes = new Uint8Array(chunk.byteLength);
          chunk.copyTo(bytes);
          out.push(btoa(String.fromCharCode(...bytes)));
        },
        error: (e) => (failure = String(e)),
      });
      encoder.configure({ codec: 'vp8', width: width / 2, height: height / 2, bitrate, bitrateMode: 'constant', framerate: fps, latencyMode: 'realtime' });
      const canvas = new OffscreenCanvas(width / 2, height / 2);
      const context = canvas.getContext('2d');
      let index = 0;
      const decoder = new VideoDecoder({
        output: (frame) => {
          context.drawImage(frame, 0, 0, width / 2, height / 2);
          const small = new VideoFrame(canvas, { timestamp: frame.timestamp });
          encoder.encode(small, { keyFrame: frames[index].keyframe });
          small.close();
          frame.close();
          index += 1;
        },
        error: (e) => (failure = String(e)),
      });
      decoder.configure({ codec: 'vp8', codedWidth: width, codedHeight: height });
      frames.forEach((frame, i) => {
        const data = Uint8Array.from(atob(frame.data), (c) => c.charCodeAt(0));
        decoder.decode(new EncodedVideoChunk({ type: frame.keyframe ? 'key' : 'delta', timestamp: Math.round((i * 1e6) / fps), data }));
      });
      await decoder.flush();
      await encoder.flush();
      if (failure) throw new Error(failure);
      return out;
    },
    { frames, width, height, fps: rate / scale, bitrate: BITRATE },
  );
  if (encoded.length !== frames.length) throw new Error(`encoded ${encoded.length} of ${frames.length} frames`);
  const header = Buffer.alloc(32);
  header.write('DKIF', 0, 'ascii');
  header.writeUInt16LE(0, 4);
  header.writeUInt16LE(32, 6);
  header.write('VP80', 8, 'ascii');
  header.writeUInt16LE(width / 2, 12);
  header.writeUInt16LE(height / 2, 14);
  header.writeUInt32LE(rate, 16);
  header.writeUInt32LE(scale, 20);
  header.writeUInt32LE(encoded.length, 24);
  const parts = [header];
  encoded.forEach((b64, i) => {
    const data = Buffer.from(b64, 'base64');
    const frameHeader = Buffer.alloc(12);
    frameHeader.writeUInt32LE(data.length, 0);
    frameHeader.writeBigUInt64LE(BigInt(i), 4);
    parts.push(frameHeader, data);
  });
  writeFileSync(TARGET, Buffer.concat(parts));
  const bytes = encoded.reduce((sum, b64) => sum + Buffer.from(b64, 'base64').length, 0);
  console.log(`${encoded.length} frames, ${Math.round((bytes * 8 * rate) / scale / encoded.length / 1000)} kbps`);
} finally {
  await browser.close();
}
