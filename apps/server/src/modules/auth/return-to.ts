// Where to go after sign-in: a path on our own origin, never an outside URL, never back to sign-in.
// The answer is checked after URL normalisation: '/.//evil.example' normalises to '//evil.example',
// which a browser reads as another host.
const ON_ANOTHER_HOST = /^[/\\]{2}/;

export function safeReturnTo(raw: string | undefined, publicOrigin: string): string {
  if (!raw || !raw.startsWith('/') || ON_ANOTHER_HOST.test(raw)) return '/';
  try {
    const url = new URL(raw, publicOrigin);
    if (url.origin !== publicOrigin || url.pathname.startsWith('/api/')) return '/';
    const path = url.pathname + url.search + url.hash;
    return path.startsWith('/') && !ON_ANOTHER_HOST.test(path) ? path : '/';
  } catch {
    return '/';
  }
}
