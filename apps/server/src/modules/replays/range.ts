import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.js';

/**
 * A single byte range (RFC 9110 §14.1.2) of a file of `size` bytes: `bytes=first-last`, `bytes=first-`
 * or `bytes=-suffix`. null: no usable Range header (answer the whole file — several ranges, another
 * unit and bad syntax included, as the RFC allows); 'unsatisfiable': nothing of it is in the file (416).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Sends a file with range support, so a phone's player can seek: 200 with the whole file, 206 with the
 * asked range, 416 when the range is outside it. If-Range with another validator gets the whole file.
 */
export async function sendFileRange(request: FastifyRequest, reply: FastifyReply, file: string, type: string): Promise<FastifyReply> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new HttpError(404, 'This show has no replay');
  }
  const size = info.size;
  const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply.header('accept-ranges', 'bytes').header('etag', etag).header('last-modified', info.mtime.toUTCString());
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : null;
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send({ message: 'Range Not Satisfiable' });
  reply.type(type).header('content-length', String(range ? range.end - range.start + 1 : size));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  else reply.code(200);
  // HEAD answers as GET would, without the body. Fastify writes content-length 0 for a HEAD reply with no
  // payload, so it gets an empty stream, which leaves the length above alone.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(createReadStream(file, range ?? {}));
}
