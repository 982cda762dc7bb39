// What a browser's push subscription must look like before the server keeps it (issue 25): an
// endpoint every URL parser reads the same way, and keys that encryption can actually use.

const MAX_ENDPOINT = 2048;
// Dot-separated labels of letters, digits and inner hyphens: nothing a URL parser could split
// differently (`;`, `'`, `{`, `%`...), no IPv6 brackets, no trailing dot.
const PLAIN_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The endpoint re-serialised (what is stored and compared), or null unless it is https on a plain
 * host, without user info or a port other than 443 (which re-serialising drops).
 */
export function pushEndpointHref(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port || !PLAIN_HOST.test(url.hostname)) return null;
  return url.href.length <= MAX_ENDPOINT ? url.href : null;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.replace(/=+$/, '').length % 4 === 1) return null;
  const binary = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const toBigInt = (bytes: Uint8Array) => BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`);
// NIST P-256: y² = x³ − 3x + b (mod p).
const P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

/** p256dh: base64url of an uncompressed P-256 point (0x04, x, y) that is on the curve. */
export function isPushPublicKey(text: string): boolean {
  const bytes = base64urlBytes(text);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  return (y * y - (x * x * x - 3n * x + P256_B)) % P256_P === 0n;
}

/** auth: base64url of the browser's 16-byte authentication secret. */
export function isPushAuthSecret(text: string): boolean {
  return base64urlBytes(text)?.length === 16;
}
