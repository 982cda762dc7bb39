import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache.js';
import { inlineScriptHashes, pickEncoding, withScriptHashes } from './public-page.js';

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('the page cache', () => {
  it('makes a missing page once for concurrent askers and keeps it until the ceiling', async () => {
    let clock = 0;
    const cache = createPageCache<string>({ ttlMs: 1000, now: () => clock });
    let made = 0;
    const make = () => later({ value: `page ${++made}`, keep: true });
    expect(await Promise.all([cache.get('k', make), cache.get('k', make), cache.get('k', make)])).toEqual(['page 1', 'page 1', 'page 1']);
    clock = 999;
    expect(await cache.get('k', make)).toBe('page 1');
    clock = 1000;
    expect(await cache.get('k', make)).toBe('page 2');
  });

  it('hands a page made across an invalidation to its askers without keeping it', async () => {
    const cache = createPageCache<string>();
    let made = 0;
    const make = () => later({ value: `page ${++made}`, keep: true });
    const early = cache.get('k', make);
    cache.invalidate();
    // Asked after the change: a render of its own, not the one that started before.
    const late = cache.get('k', make);
    expect(await early).toBe('page 1');
    expect(await late).toBe('page 2');
    expect(await cache.get('k', make)).toBe('page 2');
    expect(made).toBe(2);
  });

  it('does not keep what is marked not to be kept, nor more than its entries', async () => {
    const cache = createPageCache<string>({ maxEntries: 2 });
    let made = 0;
    expect(await cache.get('shell', () => later({ value: `shell ${++made}`, keep: false }))).toBe('shell 1');
    expect(await cache.get('shell', () => later({ value: `shell ${++made}`, keep: false }))).toBe('shell 2');
    for (const key of ['a', 'b', 'c']) await cache.get(key, () => later({ value: key, keep: true }));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => later({ value: 'a again', keep: true }))).toBe('a again');
  });
});

describe('a public page’s CSP and encoding', () => {
  it('hashes inline scripts only, not data blocks or scripts with a src', () => {
    const html = '<script>a()</script><script type="application/json" id="s">{"x":1}</script><script type="module" src="/x.js"></script><script nonce="n">b()</script><script>a()</script>';
    // SHA-256 of "a()" and "b()", base64.
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='", "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='"]);
  });

  it('adds the hashes to script-src and leaves the rest of the policy alone', () => {
    expect(withScriptHashes("default-src 'self'; script-src 'self' https://checkout.razorpay.com; object-src 'none'", ["'sha256-a'"])).toBe(
      "default-src 'self'; script-src 'self' https://checkout.razorpay.com 'sha256-a'; object-src 'none'",
    );
    expect(withScriptHashes("default-src 'self'", ["'sha256-a'"])).toBe("default-src 'self'; script-src 'self' 'sha256-a'");
    expect(withScriptHashes("script-src 'self'", [])).toBe("script-src 'self'");
  });

  it('picks brotli, then gzip, and respects q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
