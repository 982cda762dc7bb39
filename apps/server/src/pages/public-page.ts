import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { replaceLiterally } from './replace-literally.js';

// A page body the same for every signed-out visitor (decision 054): made once, sent many times.

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources of a body's inline scripts, by their SHA-256 (a per-response nonce cannot sit in
 * a body sent to many). Data blocks (`type="application/json"`) never run and need none; scripts
 * with a `src` are allowed by 'self' already.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** `csp` with the hashes added to its script-src (the directive is left as it is when there are none). */
export function withScriptHashes(csp: string, hashes: string[]): string {
  if (hashes.length === 0) return csp;
  const directive = /script-src [^;]*/.exec(csp)?.[0];
  // Without a script-src, default-src 'self' governed scripts: the new directive keeps 'self'.
  if (!directive) return `${csp}; script-src 'self' ${hashes.join(' ')}`;
  return replaceLiterally(csp, directive, `${directive} ${hashes.join(' ')}`);
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding `accept-encoding` allows of ours (a q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const allowed = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) allowed.add(name.trim());
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return 'identity';
}

/** A cached page: its bytes in each encoding, compressed on first use (once per page, not per request). */
export class PublicPage {
  readonly hashes: string[];
  private readonly bodies: Partial<Record<Encoding, Buffer>> = {};
  private csp: { base: string; value: string } | null = null;

  constructor(html: string) {
    this.hashes = inlineScriptHashes(html);
    this.bodies.identity = Buffer.from(html, 'utf8');
  }

  body(encoding: Encoding): Buffer {
    let body = this.bodies[encoding];
    if (!body) {
      const plain = this.bodies.identity!;
      // Brotli at 5: made once a second at most, a little smaller than the per-request quality 4.
      if (encoding === 'br') body = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } });
      else if (encoding === 'gzip') body = gzipSync(plain, { level: 6 });
      else body = plain;
      this.bodies[encoding] = body;
    }
    return body;
  }

  /** The response's CSP: the app's own (set per request by the security hook) with this body's hashes. */
  cspFor(base: string): string {
    if (this.csp?.base !== base) this.csp = { base, value: withScriptHashes(base, this.hashes) };
    return this.csp.value;
  }
}
