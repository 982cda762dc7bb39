import fc from 'fast-check';
import type { z } from 'zod';
import { dataSchema, defOf, pathsOf, validArbitrary, type Hints } from './schema.js';
import { wrongValues } from './wrong.js';

/** One body to send: what it is (for the failure report), its bytes and their content type. */
export interface FuzzBody {
  label: string;
  payload: string | Buffer;
  contentType: string;
}

type Path = Array<string | number>;
const JSON_TYPE = 'application/json';

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A copy of body with path set to value, or removed when remove is true; missing containers are made. */
function change(body: unknown, path: Path, value: unknown, remove = false): unknown {
  const root = clone(body) ?? (typeof path[0] === 'number' ? [] : {});
  let node = root as Record<string | number, unknown>;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return root;
}

function valueAt(body: unknown, path: Path): unknown {
  let node = body;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined;
  return node;
}

/** Bodies that are not JSON a client means: broken, empty, nested too deep, too big, of another type. */
function brokenBodies(base: unknown): FuzzBody[] {
  const text = JSON.stringify(base ?? {});
  const raw = (label: string, payload: string, contentType = JSON_TYPE): FuzzBody => ({ label, payload, contentType });
  return [
    raw('broken JSON', '{"a":'),
    raw('empty JSON body', ''),
    raw('a byte-order mark first', `\uFEFF${text}`),
    raw('__proto__ key', text.replace(/^\{/, '{"__proto__":{"isAdmin":true},')),
    raw('constructor.prototype key', text.replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},')),
    raw('duplicate keys', text.replace(/^\{/, '{"id":"x","id":"y",')),
    raw('arrays nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`),
    raw('300 KB string', JSON.stringify({ a: 'x'.repeat(300 * 1024) })),
    { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22, 0x7d]), contentType: JSON_TYPE },
    raw('text/plain', 'hello', 'text/plain'),
    raw('form encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('JSON in UTF-16', text, 'application/json; charset=utf-16'),
    raw('multipart without boundary', text, 'multipart/form-data'),
  ];
}

/** Bodies a media route gets as application/sdp: empty, not SDP, SDP broken in the middle, too big. */
export function sdpBodies(): FuzzBody[] {
  const sdp = (label: string, payload: string) => ({ label: `SDP: ${label}`, payload, contentType: 'application/sdp' });
  const media = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=-', 't=0 0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'c=IN IP4 0.0.0.0', 'a=rtpmap:96 H264/90000', 'a=sendonly', 'a=mid:0'];
  return [
    sdp('empty', ''),
    sdp('only the version line', 'v=0'),
    sdp('not SDP', 'hello'),
    sdp('a video section without ICE or DTLS', `${media.join('\r\n')}\r\n`),
    sdp('garbage after the version', `v=0\r\n${'a=x:y\r\n'.repeat(200)}`),
    sdp('NUL and a lone surrogate', 'v=0\r\n\u0000\uD800\r\n'),
    sdp('a fingerprint of the wrong kind', `${media.join('\r\n')}\r\na=ice-ufrag:x\r\na=ice-pwd:y\r\na=fingerprint:md5 00\r\na=setup:actpass\r\n`),
    sdp('too big', `v=0\r\n${'a'.repeat(70 * 1024)}`),
  ];
}

/**
 * The bodies one route gets from its body schema: valid ones (so the handler and the database are
 * reached), every field missing or replaced by each wrong value, extra fields, whole bodies of the
 * wrong shape, and bytes that are not the JSON they claim to be.
 */
export function bodiesFor(schema: z.ZodType, hints: Hints, seed: number): FuzzBody[] {
  const generated = fc.sample(validArbitrary(schema, hints), { seed, numRuns: 40 });
  const valid = generated.filter((value) => schema.safeParse(value).success);
  // Changes are made to the plainest valid body: required fields only, so each change is what is wrong.
  const minimal = fc.sample(validArbitrary(schema, hints, '', true), { seed, numRuns: 40 }).find((value) => schema.safeParse(value).success);
  const base = minimal ?? valid[0] ?? generated[0];
  const bodies: FuzzBody[] = [];
  const json = (label: string, value: unknown) => bodies.push({ label, payload: JSON.stringify(value) ?? '', contentType: JSON_TYPE });

  if (defOf(dataSchema(schema)).type === 'string') return [...sdpBodies(), ...brokenBodies(base)];
  json(minimal !== undefined || valid.length ? 'valid' : 'generated (not valid)', base);
  valid.slice(0, 8).forEach((value, i) => json(`valid #${i + 2}`, value));
  generated.filter((value) => !valid.includes(value)).slice(0, 4).forEach((value, i) => json(`generated #${i + 1}`, value));
  for (const value of [null, 0, 'x', [], [base], true, {}]) json(`body ${describe(value)}`, value);
  json('extra fields', { ...(base as object), extra: 'x', id: hints('userId')?.[0], userId: hints('userId')?.[0], isAdmin: true, sellerId: hints('sellerId')?.[0] });

  const seen = new Set<string>();
  for (const { path, schema: field, optional } of pathsOf(schema)) {
    const at = path.join('.');
    // The options of a union often share fields (method, code): each is changed once.
    if (seen.has(at)) continue;
    seen.add(at);
    const sample = valueAt(base, path);
    if (!optional || sample !== undefined) json(`${at} missing`, change(base, path, undefined, true));
    for (const value of wrongValues(field, sample)) json(`${at} = ${describe(value)}`, change(base, path, value));
  }
  return [...bodies, ...brokenBodies(base)];
}
